import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type MarkNoticesRead,
  NOTICE_KINDS,
  NOTICE_PAGE_SIZE,
  type NoticeKind,
  type NoticePage,
  type NotificationSettings,
} from '../../../common/notices.ts';
import type { Db } from '../../db/client.ts';
import { noticeSettings, usageRecords, userNotices } from '../../db/schema.ts';
import type { DomainEvents } from '../../lib/events.ts';
import type { Mailer } from '../../lib/mail/index.ts';
import { ownerNoticeMessage, ownerNoticeWords } from '../../lib/mail/owner-notice-messages.ts';
import type { ConnectionsService } from '../connections/service.ts';
import { emailsOff, emailWanted } from './email-settings.ts';

/** Kinds whose email another feature already sends: only the dashboard notice is added here. */
const EMAILED_ELSEWHERE: ReadonlySet<NoticeKind> = new Set(['report_ready', 'payment_needed']);

/**
 * Tells a connection's owner what happened to it: a notice in the dashboard always, and an
 * email unless they turned that kind off. It follows the features' events, never calls them.
 */
export class OwnerNotices {
  constructor(
    private readonly deps: {
      db: Db;
      connections: Pick<ConnectionsService, 'reportSubject'>;
      mailer: Pick<Mailer, 'queue'>;
      publicUrl: string;
      log: FastifyBaseLogger;
    },
  ) {}

  subscribeTo(events: DomainEvents): void {
    events.on('connection.credentials_checked', ({ connectionId, verified }) =>
      verified === false ? this.tell(connectionId, 'login_failed') : undefined,
    );
    events.on('connection.code_requested', ({ connectionId }) =>
      this.tell(connectionId, 'code_requested'),
    );
    events.on('connection.status_changed', ({ connectionId, to }) =>
      to === 'complete' ? this.tell(connectionId, 'data_complete') : undefined,
    );
    events.on('report.ready', ({ connectionId }) => this.tell(connectionId, 'report_ready'));
    events.on('report.payment_needed', ({ connectionId }) =>
      this.tell(connectionId, 'payment_needed'),
    );
    events.on('report.cancelled', async (cancelled) => {
      const { connectionId, usageRecordId } = cancelled;
      const id = connectionId ?? (await this.connectionOfUsage(usageRecordId));
      // A refund billing already emailed the owner about gets the notice, not a second email.
      const emailed = (cancelled as { ownerEmailed?: boolean }).ownerEmailed === true;
      if (id !== null) await this.tell(id, 'refund_issued', { email: !emailed });
    });
  }

  private async connectionOfUsage(usageRecordId: number): Promise<number | null> {
    const [row] = await this.deps.db
      .select({ connectionId: usageRecords.connectionId })
      .from(usageRecords)
      .where(eq(usageRecords.id, usageRecordId));
    return row?.connectionId ?? null;
  }

  /** Records the owner's notice and queues their email when they want it; the notice's id. */
  async tell(
    connectionId: number,
    kind: NoticeKind,
    options: { email: boolean } = { email: true },
  ): Promise<number | null> {
    const { db, connections, mailer, publicUrl, log } = this.deps;
    const subject = await connections.reportSubject(connectionId);
    if (!subject) return null;
    const facts = { kind, customerName: subject.customerName, providerName: subject.provider.name };
    const [row] = await db
      .insert(userNotices)
      .values({ userId: subject.userId, connectionId, kind, ...ownerNoticeWords(facts) })
      .returning({ id: userNotices.id });
    const email = subject.owner.email;
    const send = options.email && !EMAILED_ELSEWHERE.has(kind);
    if (email && send && (await this.emailWanted(subject.userId, kind))) {
      try {
        await mailer.queue({
          kind: `notice_${kind}`,
          to: email,
          connectionId,
          ...ownerNoticeMessage({
            ...facts,
            username: subject.owner.username,
            dashboardUrl: `${publicUrl}/dashboard`,
          }),
        });
      } catch (err) {
        // The dashboard notice stands; an address a mail server would refuse costs only the email.
        log.error({ err, connectionId, kind }, 'a notice email could not be queued');
      }
    }
    return row?.id ?? null;
  }

  private emailWanted(userId: number, kind: NoticeKind): Promise<boolean> {
    return emailWanted(this.deps.db, userId, kind);
  }

  async settings(userId: number): Promise<NotificationSettings> {
    const off = await emailsOff(this.deps.db, userId);
    return {
      email: Object.fromEntries(NOTICE_KINDS.map((k) => [k, !off.has(k)])) as Record<
        NoticeKind,
        boolean
      >,
    };
  }

  async updateSettings(
    userId: number,
    settings: NotificationSettings,
  ): Promise<NotificationSettings> {
    const emailsOff = NOTICE_KINDS.filter((k) => !settings.email[k]);
    await this.deps.db
      .insert(noticeSettings)
      .values({ userId, emailsOff })
      .onConflictDoUpdate({
        target: noticeSettings.userId,
        set: { emailsOff, updatedAt: new Date() },
      });
    return this.settings(userId);
  }

  /** A deleted account's notices and email switches. */
  async forget(userId: number): Promise<void> {
    await this.deps.db.delete(userNotices).where(eq(userNotices.userId, userId));
    await this.deps.db.delete(noticeSettings).where(eq(noticeSettings.userId, userId));
  }

  /** The user's notices, newest first, a page at a time, with how many are unread. */
  async list(userId: number, page: number): Promise<NoticePage> {
    const { db } = this.deps;
    const mine = eq(userNotices.userId, userId);
    const rows = await db
      .select()
      .from(userNotices)
      .where(mine)
      .orderBy(desc(userNotices.createdAt), desc(userNotices.id))
      .limit(NOTICE_PAGE_SIZE)
      .offset((page - 1) * NOTICE_PAGE_SIZE);
    const [total] = await db.select({ n: count() }).from(userNotices).where(mine);
    return {
      notices: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        connectionId: r.connectionId,
        title: r.title,
        body: r.body,
        read: r.readAt !== null,
        createdAt: r.createdAt.toISOString(),
      })),
      total: total?.n ?? 0,
      unread: await this.unread(userId),
      page,
      pageSize: NOTICE_PAGE_SIZE,
    };
  }

  /** Marks the user's own notices read (ids of other users' notices change nothing). */
  async markRead(userId: number, which: MarkNoticesRead): Promise<{ unread: number }> {
    const mine = and(eq(userNotices.userId, userId), isNull(userNotices.readAt));
    await this.deps.db
      .update(userNotices)
      .set({ readAt: new Date() })
      .where('ids' in which ? and(mine, inArray(userNotices.id, which.ids)) : mine);
    return { unread: await this.unread(userId) };
  }

  private async unread(userId: number): Promise<number> {
    const [row] = await this.deps.db
      .select({ n: count() })
      .from(userNotices)
      .where(and(eq(userNotices.userId, userId), isNull(userNotices.readAt)));
    return row?.n ?? 0;
  }
}
