import { and, desc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { RetrievalSummary } from '../../../common/connections.ts';
import { moneyText } from '../../../common/quantities.ts';
import { TIMELINE_LIMIT, type TimelineEvent, type TimelineKind } from '../../../common/timeline.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  connectionFiles,
  credentialChecks,
  credentialFixLinks,
  mfaChallenges,
  outbox,
  reports,
  usageRecords,
  users,
} from '../../db/schema.ts';
import { subjectLine } from '../../lib/mail/layout.ts';
import { findConnectionRow, type Viewer } from '../connections/service.ts';

/**
 * The emails that are about one connection: those the outbox records with its id, and, for
 * messages written before the outbox kept one, those of these kinds that went to the
 * connection's customer or owner after the submission and name the customer. Admins' own
 * alerts are never among them.
 */
const CONNECTION_MAIL_KINDS = [
  'new_submission',
  'submission_received',
  'code_request',
  'login_fix',
  'report_ready',
  'overdue_refund',
  'payment_needed',
];

/** A line before it is cut down for its reader: `owner: false` lines are for admins only. */
type Line = {
  at: Date;
  kind: TimelineKind;
  title: string;
  /** The owner's wording, when it differs from the admins'. */
  ownerTitle?: string;
  detail: string | null;
  owner: boolean;
};

const statusWords = (status: string) => status.replace('_', ' ');
const joined = (...parts: Array<string | null | undefined | false>) =>
  parts.filter(Boolean).join(' · ') || null;

/** A report request's line, by where its payment stands. */
function chargeWords(status: string): string {
  if (status === 'requested') return 'Report requested, charged when it is ready';
  if (status === 'failed') return 'Report requested, the payment did not go through';
  if (status === 'pending' || status === 'requires_action')
    return 'Report requested, payment under way';
  return 'Report paid';
}

const CHECK_WORDS: Record<string, string> = {
  checking: 'The login is being checked',
  signed_in: 'The login was checked: it works',
  rejected: "The utility's website refused the login",
  locked: "The utility's website says the account is locked",
  code: "The utility's website asked for a one-time code",
  later: 'The login could not be checked yet; we keep trying',
};

const CODE_WORDS: Record<string, string> = {
  succeeded: 'The one-time code was accepted',
  failed: 'The one-time code did not work',
  expired: 'The one-time code request expired unanswered',
};

/**
 * A connection's story, newest first, read from what each feature already stores: one bounded
 * query per source, merged. Admins get every line with its technical detail; the owner gets
 * the lines that concern them, in plain words, without detail; anyone else a 404.
 */
export class TimelineService {
  constructor(private readonly deps: { db: Db }) {}

  async forConnection(id: number, viewer: Viewer): Promise<TimelineEvent[]> {
    const { db } = this.deps;
    const connection = await findConnectionRow(db, id, viewer);
    const admin = viewer.role === 'admin';
    const lines: Line[] = [];
    const add = (line: Line) => lines.push(line);

    add({
      at: connection.createdAt,
      kind: 'submitted',
      title: 'Submitted by the customer',
      detail: joined(`${connection.customerName} <${connection.customerEmail}>`),
      owner: true,
    });
    if (connection.verifiedAt) {
      add({
        at: connection.verifiedAt,
        kind: 'credential_check',
        title:
          connection.credentialsVerified === true
            ? 'The login was checked: it works'
            : connection.credentialsVerified === false
              ? 'The login was checked: it did not work'
              : 'The login could not be checked automatically; our team will check it',
        detail: connection.verificationMessage,
        owner: true,
      });
    }

    const retrieval = RetrievalSummary.safeParse(connection.retrieval);
    if (retrieval.success) {
      const found = retrieval.data;
      add({
        at: new Date(found.at),
        kind: 'file',
        title: `We looked for data on the utility's website: ${found.bills} ${found.bills === 1 ? 'bill' : 'bills'}${found.intervalExport === 'found' ? ' and a usage export' : ''} found`,
        detail: found.message,
        owner: true,
      });
    }

    const [checks, fixLinks, codes, files, versions, charges, audits, owner] = await Promise.all([
      db.select().from(credentialChecks).where(eq(credentialChecks.connectionId, id)),
      db
        .select()
        .from(credentialFixLinks)
        .where(eq(credentialFixLinks.connectionId, id))
        .orderBy(desc(credentialFixLinks.createdAt))
        .limit(TIMELINE_LIMIT),
      db
        .select()
        .from(mfaChallenges)
        .where(eq(mfaChallenges.connectionId, id))
        .orderBy(desc(mfaChallenges.createdAt))
        .limit(TIMELINE_LIMIT),
      db
        .select()
        .from(connectionFiles)
        .where(eq(connectionFiles.connectionId, id))
        .orderBy(desc(connectionFiles.createdAt))
        .limit(TIMELINE_LIMIT),
      db
        .select()
        .from(reports)
        .where(eq(reports.connectionId, id))
        .orderBy(desc(reports.createdAt))
        .limit(TIMELINE_LIMIT),
      db
        .select()
        .from(usageRecords)
        .where(eq(usageRecords.connectionId, id))
        .orderBy(desc(usageRecords.createdAt))
        .limit(TIMELINE_LIMIT),
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'connection'), eq(auditLog.entityId, String(id))))
        .orderBy(desc(auditLog.createdAt))
        .limit(TIMELINE_LIMIT),
      db
        .select({ email: users.email, companyName: users.companyName })
        .from(users)
        .where(eq(users.id, connection.userId)),
    ]);

    for (const check of checks) {
      add({
        at: check.updatedAt,
        kind: 'credential_check',
        title: CHECK_WORDS[check.state] ?? 'The login was checked',
        detail: `credential check: ${check.state}${check.watched ? ' (customer watching)' : ''}`,
        owner: true,
      });
    }
    for (const link of fixLinks) {
      add({
        at: link.createdAt,
        kind: 'credential_check',
        title: 'The customer was asked to enter their login again',
        detail: `fix link #${link.id}, expires ${link.expiresAt.toISOString()}`,
        owner: true,
      });
      if (link.usedAt) {
        add({
          at: link.usedAt,
          kind: 'credential_check',
          title: 'The customer entered their login again',
          detail: `fix link #${link.id} used`,
          owner: true,
        });
      }
    }
    for (const code of codes) {
      add({
        at: code.createdAt,
        kind: 'code',
        title: 'The customer was asked for a one-time code',
        detail: joined(
          `code request #${code.id}`,
          code.options.length > 0 && `options: ${code.options.join(', ')}`,
        ),
        owner: true,
      });
      const outcome = CODE_WORDS[code.status];
      if (outcome) {
        add({
          at: code.updatedAt,
          kind: 'code',
          title: outcome,
          detail: joined(`code request #${code.id}: ${code.status}`, code.choice, code.message),
          owner: true,
        });
      }
    }
    for (const file of files) {
      const retrieved = file.source === 'retrieved';
      add({
        at: file.createdAt,
        kind: 'file',
        title: retrieved
          ? `File retrieved from the utility's website: ${file.fileName}`
          : `File added by our team: ${file.fileName}`,
        detail: joined(
          `file #${file.id}, ${file.fileType}, ${file.fileSize} bytes`,
          file.sourcePage && `from ${file.sourcePage}`,
          file.importStatus && `import: ${file.importStatus}`,
          file.importError,
        ),
        owner: true,
      });
    }
    for (const report of versions) {
      const name = `Report version ${report.version}`;
      add({
        at: report.createdAt,
        kind: 'report',
        title: `${name} queued`,
        detail: `report #${report.id}, trigger: ${report.trigger}`,
        owner: true,
      });
      if (report.status === 'ready') {
        add({
          // Never above its own "queued", whatever clock stamped the build.
          at: new Date(
            Math.max((report.builtAt ?? report.updatedAt).getTime(), report.createdAt.getTime()),
          ),
          kind: 'report',
          title: `${name} ready`,
          detail: `report #${report.id} built`,
          owner: true,
        });
      } else if (report.status === 'failed') {
        add({
          at: report.updatedAt,
          kind: 'report',
          title: `${name} could not be built; our team is looking into it`,
          detail: joined(`report #${report.id} failed`, report.error),
          owner: true,
        });
      }
    }
    for (const charge of charges) {
      add({
        at: charge.createdAt,
        kind: 'charge',
        title: `${chargeWords(charge.status)}: ${moneyText(charge.costCents)}${charge.testMode ? ' (test mode, nothing charged)' : ''}`,
        detail: joined(
          `usage record #${charge.id}, ${charge.plan} plan, ${statusWords(charge.status)}`,
          charge.stripePaymentIntentId,
          charge.stripeInvoiceItemId,
        ),
        owner: true,
      });
      if (charge.status === 'refunded') {
        add({
          at: charge.updatedAt,
          kind: 'refund',
          title: `Refunded: ${moneyText(charge.costCents)}`,
          detail: joined(`usage record #${charge.id}`, charge.statusMessage, charge.stripeRefundId),
          owner: true,
        });
      }
    }
    for (const entry of audits) {
      const details = entry.details ?? {};
      if (entry.action === 'connection.status_changed') {
        add({
          at: entry.createdAt,
          kind: 'status',
          title: `Status changed to ${statusWords(String(details.to ?? 'unknown'))}`,
          detail: joined(
            `from ${String(details.from ?? '?')}`,
            typeof details.reason === 'string' && details.reason,
            entry.actorId !== null && `by user #${entry.actorId}`,
          ),
          owner: true,
        });
      } else {
        add({
          at: entry.createdAt,
          kind: entry.action.startsWith('connection.credentials') ? 'credentials' : 'status',
          title: entry.action.replace('connection.', '').replaceAll('_', ' '),
          detail: joined(
            entry.actorId !== null && `by user #${entry.actorId}`,
            entry.ip && `from ${entry.ip}`,
          ),
          owner: false,
        });
      }
    }

    const ownerEmail = owner[0]?.email ?? null;
    const companyName = owner[0]?.companyName;
    const senderName = companyName ? subjectLine(companyName) || null : null;
    const recipients = [connection.customerEmail, ...(ownerEmail ? [ownerEmail] : [])];
    const mails = await db
      .select()
      .from(outbox)
      .where(
        or(
          eq(outbox.connectionId, id),
          and(
            isNull(outbox.connectionId),
            inArray(outbox.kind, CONNECTION_MAIL_KINDS),
            or(...recipients.map((to) => eq(outbox.toAddress, to))),
            gte(outbox.createdAt, connection.createdAt),
          ),
        ),
      )
      .orderBy(desc(outbox.createdAt))
      .limit(TIMELINE_LIMIT);
    for (const mail of mails) {
      const toCustomer = mail.toAddress === connection.customerEmail;
      if (mail.connectionId === null) {
        if (!mail.textBody.includes(connection.customerName)) continue;
        // The same customer may have filled in another user's form: a message to them counts
        // only when it was sent for this owner's business.
        if (toCustomer && mail.onBehalfOf !== senderName) continue;
      }
      add({
        at: mail.createdAt,
        kind: 'email',
        title: `Email to the ${toCustomer ? 'customer' : 'owner'}: ${mail.subject}`,
        ownerTitle: `Email to ${toCustomer ? 'your customer' : 'you'}: ${mail.subject}`,
        detail: joined(`to ${mail.toAddress}`, mail.kind, mail.status, mail.lastError),
        owner: true,
      });
    }

    // Newest first; lines of the same moment keep the order they were read in, reversed, so a
    // version's "ready" comes above its "queued".
    const ordered = lines
      .map((line, index) => ({ line, index }))
      .sort((a, b) => b.line.at.getTime() - a.line.at.getTime() || b.index - a.index)
      .slice(0, TIMELINE_LIMIT);
    return ordered
      .filter(({ line }) => admin || line.owner)
      .map(({ line }) =>
        admin
          ? { at: line.at.toISOString(), kind: line.kind, title: line.title, detail: line.detail }
          : {
              at: line.at.toISOString(),
              kind: line.kind,
              title: line.ownerTitle ?? line.title,
            },
      );
  }
}
