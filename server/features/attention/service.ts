import { and, eq, isNotNull, TransactionRollbackError } from 'drizzle-orm';
import {
  type AttentionItem,
  type AttentionPage,
  type AttentionQuery,
  attentionReasons,
} from '../../../common/attention.ts';
import { ADMIN_PAGE_SIZE } from '../../../common/constants.ts';
import type { ProviderHealth } from '../../../common/portal-health.ts';
import type { Db } from '../../db/client.ts';
import { attentionAlerts, users } from '../../db/schema.ts';
import {
  attentionAlertMessage,
  attentionDigestMessage,
} from '../../lib/mail/attention-messages.ts';
import type { Mailer } from '../../lib/mail/index.ts';
import { type AttentionRow, attentionPage, newlyBlocked } from './queries.ts';

/** The hour (UTC) from which the day's digest goes out. */
const DIGEST_HOUR_UTC = 7;
/** Connections listed in one email; the rest are counted and wait in the view. */
const LINES_PER_EMAIL = 50;

type AttentionDeps = {
  db: Db;
  mailer: Pick<Mailer, 'queueInTransaction'>;
  /** How long a paid request may wait for data before the admins are emailed. */
  alertAfterMs: number;
  publicUrl: string;
  /**
   * Utilities whose portal fails lately are listed above the connections (the automation
   * feature's PortalHealth, named by shape, not imported).
   */
  portalHealth: { flagged(now: Date): Promise<ProviderHealth[]> };
};

function toItem(row: AttentionRow, now: Date): AttentionItem {
  const paid =
    row.usageRecordId !== null && row.requestedAt && row.dueAt && row.turnaroundHours !== null
      ? {
          requestedAt: row.requestedAt,
          dueAt: row.dueAt,
          turnaroundHours: row.turnaroundHours,
          onDelivery: row.onDelivery,
        }
      : null;
  const { reasons, why } = attentionReasons(
    {
      paid,
      loginFailed: row.loginFailed,
      codeAwaited: row.codeAwaited,
      humanCheck: row.humanCheck,
      uploadAwaited: row.uploadAwaited,
      retrieval:
        row.retrievalIncomplete && row.intervalExport
          ? { bills: row.bills ?? 0, intervalExport: row.intervalExport }
          : null,
    },
    now,
  );
  return {
    connectionId: row.connectionId,
    customerName: row.customerName,
    providerName: row.providerName,
    ownerUsername: row.ownerUsername,
    reasons,
    why,
    since: row.since.toISOString(),
    paidRequest:
      paid && row.usageRecordId !== null
        ? {
            usageRecordId: row.usageRecordId,
            requestedAt: paid.requestedAt.toISOString(),
            dueAt: paid.dueAt.toISOString(),
            overdue: row.overdue,
            onDelivery: row.onDelivery,
          }
        : null,
  };
}

/**
 * What needs a person: the admins' Needs attention list, and the emails that tell them when a
 * paid request waits too long (once per request) and, once a day, what is still waiting.
 */
export class AttentionService {
  constructor(private readonly deps: AttentionDeps) {}

  /** One page of the list, most urgent first. */
  async list(query: AttentionQuery, now = new Date()): Promise<AttentionPage> {
    const { rows, total, overdue } = await attentionPage(this.deps.db, now, {
      limit: ADMIN_PAGE_SIZE,
      offset: (query.page - 1) * ADMIN_PAGE_SIZE,
    });
    const failing = await this.deps.portalHealth.flagged(now);
    return {
      items: rows.map((row) => toItem(row, now)),
      utilities: failing.map(({ providerId, providerName, flags, why }) => ({
        providerId,
        providerName,
        reasons: flags,
        why,
      })),
      total,
      overdue,
      page: query.page,
      pageSize: ADMIN_PAGE_SIZE,
    };
  }

  /**
   * The alert job's work. Each email is recorded with the key of what it announced in the same
   * transaction, so a second run (or a run after a crash or restart) finds the key and sends
   * nothing again; a run that fails before committing sends nothing and the next one retries.
   */
  async sendAlerts(now = new Date()): Promise<{ alerted: number; digest: boolean }> {
    const admins = await this.recipients();
    const alerted = await this.alertNewlyBlocked(admins, now);
    const digest = await this.sendDigest(admins, now);
    return { alerted, digest };
  }

  /** Active admins with an email address: the only people an alert can reach. */
  private async recipients(): Promise<string[]> {
    const rows = await this.deps.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true), isNotNull(users.email)));
    return rows.map((r) => r.email).filter((email): email is string => Boolean(email?.trim()));
  }

  private get viewUrl() {
    return `${this.deps.publicUrl}/admin?view=attention`;
  }

  private async alertNewlyBlocked(admins: string[], now: Date): Promise<number> {
    // Without an admin to tell, nothing is recorded: the first admin to add an email hears of it.
    if (admins.length === 0) return 0;
    const blocked = await newlyBlocked(
      this.deps.db,
      new Date(now.getTime() - this.deps.alertAfterMs),
    );
    if (blocked.length === 0) return 0;
    const { rows } = await attentionPage(this.deps.db, now, {
      limit: blocked.length,
      offset: 0,
      only: blocked.map((b) => b.connectionId),
    });
    const lines = rows.map((row) => toItem(row, now));
    const content = attentionAlertMessage({
      lines,
      thresholdHours: Math.round((this.deps.alertAfterMs / 3_600_000) * 100) / 100,
      viewUrl: this.viewUrl,
    });
    const keys = blocked.map((b) => `crossed:${b.usageRecordId}`);
    const sent = await this.recordAndQueue(keys, admins, 'attention_alert', content);
    return sent ? blocked.length : 0;
  }

  private async sendDigest(admins: string[], now: Date): Promise<boolean> {
    if (admins.length === 0 || now.getUTCHours() < DIGEST_HOUR_UTC) return false;
    const key = `digest:${now.toISOString().slice(0, 10)}`;
    const [done] = await this.deps.db
      .select({ key: attentionAlerts.key })
      .from(attentionAlerts)
      .where(eq(attentionAlerts.key, key));
    if (done) return false;
    const { rows, total, overdue } = await attentionPage(this.deps.db, now, {
      limit: LINES_PER_EMAIL,
      offset: 0,
    });
    const failing = await this.deps.portalHealth.flagged(now);
    if (total === 0 && failing.length === 0) return false;
    const content = attentionDigestMessage({
      lines: rows.map((row) => toItem(row, now)),
      total,
      overdue,
      utilities: failing.map(({ providerName, why }) => ({ providerName, why })),
      viewUrl: this.viewUrl,
    });
    return this.recordAndQueue([key], admins, 'attention_digest', content);
  }

  /**
   * Records the keys and queues one message per admin in one transaction; false when another
   * run recorded any of the keys first (it sent the message).
   */
  private async recordAndQueue(
    keys: string[],
    admins: string[],
    kind: string,
    content: { subject: string; text: string; html: string },
  ): Promise<boolean> {
    const queued = await this.deps.db
      .transaction(async (tx) => {
        const inserted = await tx
          .insert(attentionAlerts)
          .values(keys.map((key) => ({ key })))
          .onConflictDoNothing()
          .returning({ key: attentionAlerts.key });
        if (inserted.length !== keys.length) {
          // A concurrent run got there first: leave its record and send nothing from this one.
          tx.rollback();
        }
        const sends: (() => Promise<void>)[] = [];
        for (const to of admins) {
          const { send } = await this.deps.mailer.queueInTransaction(tx, { kind, to, ...content });
          sends.push(send);
        }
        return sends;
      })
      .catch((err: unknown) => {
        if (err instanceof TransactionRollbackError) return null;
        throw err;
      });
    if (!queued) return false;
    for (const send of queued) await send();
    return true;
  }
}
