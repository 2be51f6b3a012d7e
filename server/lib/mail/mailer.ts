import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type NodemailerError } from 'nodemailer';
import { z } from 'zod';
import type { MailMode, OutboxMessage, OutboxPage, OutboxQuery } from '../../../common/mail.ts';
import type { MailConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { conflict, notFound } from '../errors.ts';
import type { DomainEvents } from '../events.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { JobAttempt } from '../jobs/types.ts';
import type { ObjectStore } from '../storage/index.ts';
import { type MailDelivery, mailSendJob } from './job.ts';
import { subjectLine } from './layout.ts';
import {
  claimAttempt,
  deleteMessages,
  findMessage,
  insertMessage,
  insertMessages,
  listMessages,
  markSent,
  markStored,
  type NewMessage,
  type OutboxRow,
  recordFailure,
  reopenFailed,
  toOutboxItem,
  type WrittenStatus,
} from './outbox.ts';
import { secretsOf, smtpErrorText } from './secrets.ts';
import { formatSender, senderFor } from './sender.ts';

/** A message to send: `kind` names the notice (report_ready, new_submission, ...). */
export type OutgoingMessage = NewMessage;

const Address = z.email();

function createSmtpTransport(url: string) {
  return nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}

/**
 * The product's one mail path. Every message is written to the outbox table. With SMTP_URL a
 * background job sends it; failures are recorded on the message, retried, and shown to admins.
 * Without it the message is written as kept (`stored`), where admins read it: there is nothing
 * to send, so no job is queued for it.
 */
export class Mailer implements MailDelivery {
  readonly mode: MailMode;
  private readonly db: Db;
  private readonly store: ObjectStore;
  private readonly config: MailConfig;
  private readonly log: FastifyBaseLogger;
  private readonly jobs: Pick<JobQueue, 'enqueue' | 'enqueueMany'>;
  private readonly events: Pick<DomainEvents, 'emit'> | undefined;
  /** Parts of SMTP_URL that never reach a log line or a recorded error. */
  private readonly secrets: string[];
  private transport?: ReturnType<typeof createSmtpTransport>;

  constructor(deps: {
    db: Db;
    store: ObjectStore;
    config: MailConfig;
    log: FastifyBaseLogger;
    queue: Pick<JobQueue, 'enqueue' | 'enqueueMany'>;
    /** Told of each try at SMTP (the metrics count them). */
    events?: Pick<DomainEvents, 'emit'>;
  }) {
    this.db = deps.db;
    this.store = deps.store;
    this.config = deps.config;
    this.log = deps.log;
    this.jobs = deps.queue;
    this.events = deps.events;
    this.mode = deps.config.smtpUrl ? 'smtp' : 'outbox';
    this.secrets = secretsOf(deps.config.smtpUrl);
  }

  /** Records a message and, with SMTP, queues its sending; returns its outbox id. */
  async queue(message: OutgoingMessage): Promise<number> {
    const id = await insertMessage(this.db, this.checked(message), this.written);
    await this.enqueue(id);
    return id;
  }

  /**
   * Records several messages and, with SMTP, queues their sending, each statement once for them all (a
   * submission's two notices); returns their outbox ids in order. A message that cannot be
   * queued (an address a mail server would refuse) is left out and named in `refused`: it does
   * not cost the others theirs.
   */
  async queueAll(
    messages: OutgoingMessage[],
  ): Promise<{ ids: number[]; refused: { message: OutgoingMessage; error: Error }[] }> {
    const accepted: OutgoingMessage[] = [];
    const refused: { message: OutgoingMessage; error: Error }[] = [];
    for (const message of messages) {
      try {
        accepted.push(this.checked(message));
      } catch (error) {
        refused.push({ message, error: error as Error });
      }
    }
    const ids = await insertMessages(this.db, accepted, this.written);
    if (this.sends) {
      await this.jobs.enqueueMany(
        mailSendJob,
        ids.map((messageId) => ({ messageId })),
      );
    }
    return { ids, refused };
  }

  /**
   * Records a message in the caller's transaction, so it exists only if the change it reports
   * does. Call `send()` once that transaction has committed: a job queued earlier could look
   * for the row before it is visible.
   */
  async queueInTransaction(
    tx: Db,
    message: OutgoingMessage,
  ): Promise<{ id: number; send: () => Promise<void> }> {
    const id = await insertMessage(tx, this.checked(message), this.written);
    return { id, send: () => this.enqueue(id) };
  }

  /**
   * Forgets a deleted account's mail: every message to its address and about its connections
   * (in the caller's transaction when given one). A queued message then is never sent.
   */
  forget(which: { to?: string | null; connectionIds?: number[] }, tx: Executor = this.db) {
    return deleteMessages(tx, which);
  }

  /** The send job's work: one try at one message. Throws when a later try may succeed. */
  async deliver(messageId: number, attempt: JobAttempt, log = this.log): Promise<void> {
    const row = await findMessage(this.db, messageId);
    if (!row) {
      log.warn({ messageId }, 'the outbox message to send no longer exists');
      return;
    }
    // Sent, kept or given up: a message is never sent twice.
    if (row.status !== 'pending') return;
    if (this.mode === 'outbox') {
      await markStored(this.db, row.id);
      return;
    }
    if (!(await claimAttempt(this.db, row))) return;
    let smtpMessageId: string | null;
    try {
      smtpMessageId = await this.send(row);
    } catch (err) {
      const error = smtpErrorText(err, this.secrets);
      // A 5xx refusal comes back the same on every try: no point in waiting for it.
      const permanent = (err as NodemailerError).permanent === true;
      const final = attempt.final || permanent;
      await recordFailure(this.db, row.id, error, final);
      await this.events?.emit('mail.attempted', {
        kind: row.kind,
        result: final ? 'failed' : 'retrying',
      });
      if (permanent) {
        log.warn({ messageId, kind: row.kind, error }, 'the SMTP server refused the message');
        return;
      }
      throw new Error(`Message ${row.id} was not sent: ${error}`);
    }
    await markSent(this.db, row.id, smtpMessageId);
    await this.events?.emit('mail.attempted', { kind: row.kind, result: 'sent' });
    log.info({ messageId, kind: row.kind }, 'message sent');
  }

  /** The outbox, newest first, 20 a page, without bodies. */
  async list(query: OutboxQuery): Promise<OutboxPage> {
    return { mode: this.mode, ...(await listMessages(this.db, query)) };
  }

  /** One message in full (its attachments by name). */
  async get(id: number): Promise<OutboxMessage> {
    const row = await findMessage(this.db, id);
    if (!row) throw notFound('Message not found');
    return {
      ...toOutboxItem(row),
      from: row.onBehalfOf
        ? formatSender(senderFor(this.config.from, row.onBehalfOf))
        : this.config.from,
      text: row.textBody,
      html: row.htmlBody,
      attachments: (row.attachments ?? []).map(({ fileName, contentType }) => ({
        fileName,
        contentType,
      })),
      messageId: row.messageId,
    };
  }

  /** A failed message goes back to pending and is sent again (kept, when SMTP is gone since). */
  async retry(id: number): Promise<void> {
    if (!(await reopenFailed(this.db, id, this.written))) {
      if (!(await findMessage(this.db, id))) throw notFound('Message not found');
      throw conflict('Only a failed message can be retried');
    }
    await this.enqueue(id);
  }

  /** Closes the SMTP connection(s), if any were opened. */
  close(): void {
    this.transport?.close();
    this.transport = undefined;
  }

  /** Whether messages are sent (SMTP) or only kept in the outbox. */
  private get sends(): boolean {
    return this.mode === 'smtp';
  }

  /** How a new message is written: to be sent, or kept at once when there is no SMTP. */
  private get written(): WrittenStatus {
    return this.sends ? 'pending' : 'stored';
  }

  /** Queues a pending message's sending; a kept one (no SMTP) needs none. */
  private async enqueue(messageId: number): Promise<void> {
    if (this.sends) await this.jobs.enqueue(mailSendJob, { messageId });
  }

  private checked(message: OutgoingMessage): OutgoingMessage {
    const to = message.to.trim();
    if (!Address.safeParse(to).success) throw new Error(`Not an email address: ${to}`);
    // A reply-to address that is not one is left out: the message still goes, replies to us.
    const replyTo = message.replyTo?.trim();
    return {
      ...message,
      to,
      subject: subjectLine(message.subject),
      onBehalfOf: message.onBehalfOf ? subjectLine(message.onBehalfOf) || null : null,
      replyTo: replyTo && Address.safeParse(replyTo).success ? replyTo : null,
    };
  }

  /** Sends through SMTP; resolves to the server's message id. */
  private async send(row: OutboxRow): Promise<string | null> {
    const smtpUrl = this.config.smtpUrl;
    if (!smtpUrl) throw new Error('SMTP is not configured');
    const attachments = await Promise.all(
      (row.attachments ?? []).map(async (file) => {
        const bytes = await this.store.getBytes(file.objectKey).catch(() => {
          throw new Error(`The attachment ${file.fileName} could not be read from storage`);
        });
        return {
          filename: file.fileName,
          content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: file.contentType,
        };
      }),
    );
    this.transport ??= createSmtpTransport(smtpUrl);
    const info = await this.transport.sendMail({
      from: row.onBehalfOf ? senderFor(this.config.from, row.onBehalfOf) : this.config.from,
      replyTo: row.replyTo ?? undefined,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody ?? undefined,
      attachments,
    });
    return info.messageId ?? null;
  }
}
