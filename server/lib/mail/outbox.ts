import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  OUTBOX_PAGE_SIZE,
  type OutboxItem,
  type OutboxQuery,
  type OutboxStatus,
} from '../../../common/mail.ts';
import type { Db, Executor } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

/** The outbox table's reads and writes; nothing outside server/lib/mail writes it. */

export type OutboxRow = typeof outbox.$inferSelect;
type MailAttachment = NonNullable<OutboxRow['attachments']>[number];

export type NewMessage = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: MailAttachment[];
  /** The business a customer's message is sent for: From reads "<it> via <our name>". */
  onBehalfOf?: string | null;
  /** Where the recipient's reply goes, when not to our From address. */
  replyTo?: string | null;
  /** The connection the message is about, for that connection's history. */
  connectionId?: number | null;
};

export async function insertMessage(
  db: Db,
  message: NewMessage,
  status: WrittenStatus,
): Promise<number> {
  const [id] = await insertMessages(db, [message], status);
  if (id === undefined) throw new Error('outbox insert returned no row');
  return id;
}

/** How a message is written: `pending` to be sent, or `stored` at once where nothing sends. */
export type WrittenStatus = Extract<OutboxStatus, 'pending' | 'stored'>;

/** Several messages in one statement; their ids in the same order. */
export async function insertMessages(
  db: Db,
  messages: NewMessage[],
  status: WrittenStatus,
): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(outbox)
    .values(
      messages.map((message) => ({
        kind: message.kind,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        attachments: message.attachments?.length ? message.attachments : null,
        onBehalfOf: message.onBehalfOf ?? null,
        replyTo: message.replyTo ?? null,
        connectionId: message.connectionId ?? null,
        status,
      })),
    )
    .returning({ id: outbox.id });
  // PostgreSQL returns a multi-row INSERT's rows in the order of its VALUES, and the ids are
  // drawn in that order from one sequence: sorted, they are the messages' ids in order.
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Deletes the messages to an address and those about these connections (a deleted account's),
 * sent or not: a queued one then finds nothing to send. Returns how many went.
 */
export async function deleteMessages(
  db: Executor,
  which: { to?: string | null; connectionIds?: number[] },
): Promise<number> {
  const to = which.to?.trim();
  const conditions = [
    to ? sql`lower(${outbox.toAddress}) = lower(${to})` : undefined,
    which.connectionIds?.length ? inArray(outbox.connectionId, which.connectionIds) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return 0;
  const rows = await db
    .delete(outbox)
    .where(or(...conditions))
    .returning({ id: outbox.id });
  return rows.length;
}

export async function findMessage(db: Db, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  return row;
}

/**
 * Takes a pending message for one SMTP attempt: counts the attempt, and only if nobody else
 * took it since it was read (same attempt count, still pending). false: leave it alone.
 */
export async function claimAttempt(db: Db, row: OutboxRow): Promise<boolean> {
  const claimed = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1` })
    .where(
      and(eq(outbox.id, row.id), eq(outbox.status, 'pending'), eq(outbox.attempts, row.attempts)),
    )
    .returning({ id: outbox.id });
  return claimed.length > 0;
}

export async function markSent(db: Db, id: number, messageId: string | null): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', messageId, lastError: null, sentAt: new Date() })
    .where(eq(outbox.id, id));
}

/** Without SMTP a message is kept: the outbox is where admins read it. */
export async function markStored(db: Db, id: number): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'stored', lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

/** A failed attempt: stays pending while tries remain, else `failed`. */
export async function recordFailure(
  db: Db,
  id: number,
  error: string,
  final: boolean,
): Promise<void> {
  await db
    .update(outbox)
    .set({ lastError: error, status: final ? 'failed' : 'pending' })
    .where(eq(outbox.id, id));
}

/**
 * A failed message goes back to pending for an admin's retry (or straight to kept, where nothing
 * sends); false when it was not failed.
 */
export async function reopenFailed(db: Db, id: number, status: WrittenStatus): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ status })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

export function toOutboxItem(
  row: Pick<
    OutboxRow,
    | 'id'
    | 'kind'
    | 'toAddress'
    | 'subject'
    | 'status'
    | 'attempts'
    | 'lastError'
    | 'attachments'
    | 'createdAt'
    | 'sentAt'
  >,
): OutboxItem {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    attachmentCount: row.attachments?.length ?? 0,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** One page of messages, newest first, without their bodies. */
export async function listMessages(db: Db, query: OutboxQuery) {
  const where = query.status ? eq(outbox.status, query.status) : undefined;
  const rows = await db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      toAddress: outbox.toAddress,
      subject: outbox.subject,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      attachments: outbox.attachments,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(OUTBOX_PAGE_SIZE)
    .offset((query.page - 1) * OUTBOX_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(outbox).where(where);
  const [failed] = await db
    .select({ n: count() })
    .from(outbox)
    .where(eq(outbox.status, 'failed' satisfies OutboxStatus));
  return {
    items: rows.map(toOutboxItem),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: OUTBOX_PAGE_SIZE,
    failed: failed?.n ?? 0,
  };
}
