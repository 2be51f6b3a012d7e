import type { FastifyBaseLogger } from 'fastify';
import type { ConnectionStatus } from '../../common/connections.ts';

/**
 * What happened, as the feature that did it announces it. Features subscribe to each other's
 * events instead of calling each other: the emitter never imports its subscribers (webhooks,
 * the follow-up jobs, and later email notices and report building).
 */
export type DomainEventMap = {
  /** A customer's submission became a connection. */
  'connection.created': { connectionId: number; status: ConnectionStatus };
  'connection.status_changed': {
    connectionId: number;
    from: ConnectionStatus;
    to: ConnectionStatus;
  };
  'connection.file_added': {
    connectionId: number;
    fileId: number;
    fileName: string;
    fileType: 'pdf' | 'csv';
  };
  /** The utility's portal asked for a verification code: the customer was asked for it. */
  'connection.code_requested': { connectionId: number };
  /** A background login check reached a verdict (null: nobody could tell). */
  'connection.credentials_checked': {
    connectionId: number;
    verified: boolean | null;
    message: string;
  };
  /**
   * A report was paid for (or put on the subscription's invoice): build it (reports), now if
   * the connection is complete, else once it is (`connection.status_changed`).
   */
  'report.requested': {
    usageRecordId: number;
    connectionId: number;
    userId: number;
    /** The connection's status as the request left it (read after the payment was recorded). */
    connectionStatus: ConnectionStatus;
  };
  /** A paid request was refunded or taken off the invoice: the report will not be built. */
  'report.cancelled': {
    usageRecordId: number;
    connectionId: number | null;
    reason: string;
    /** The owner was already emailed about it (a refund at the deadline): only the notice is added. */
    ownerEmailed?: boolean;
  };
  /**
   * A report was built for a request charged on delivery, and the charge did not go through
   * (declined, or the bank asks the cardholder): the report waits, and the owner was emailed.
   */
  'report.payment_needed': {
    usageRecordId: number;
    connectionId: number;
    reason: 'declined' | 'confirm';
  };
  /** A report version was built; the links are signed and expire (never credentials). */
  'report.ready': {
    reportId: number;
    connectionId: number;
    userId: number;
    version: number;
    links: { html: string; pdf: string; zip: string };
    expiresAt: string;
  };
  /** A user's card, plan or subscription changed: cached copies of the user are stale. */
  'user.billing_changed': { userId: number };
  /** A sign-in to a utility's portal, or a walk through it for the files, ended. */
  'portal.attempt_ended': {
    providerId: number;
    kind: 'sign_in' | 'retrieval';
    outcome: 'success' | 'failure';
  };
  /**
   * One try at handing a message to SMTP: `sent`, or failed with another try to come
   * (`retrying`), or given up (`failed`: the admins' Outbox shows it in red).
   */
  'mail.attempted': { kind: string; result: 'sent' | 'retrying' | 'failed' };
};

export type DomainEventName = keyof DomainEventMap;
export type DomainEventHandler<K extends DomainEventName> = (
  payload: DomainEventMap[K],
  name: K,
) => Promise<unknown> | unknown;

/**
 * An in-process, typed event bus. `emit` runs every handler of the event and waits for them:
 * a handler queues its work (a job, a webhook delivery) before the emitter answers, so a test
 * or a caller sees the follow-up recorded. The state change that raised the event is already
 * committed, so a failing handler is logged and never undoes it or stops the other handlers.
 */
export class DomainEvents {
  private handlers = new Map<DomainEventName, DomainEventHandler<never>[]>();

  constructor(private log: FastifyBaseLogger) {}

  /** Subscribes; returns the function that unsubscribes. */
  on<K extends DomainEventName>(name: K, handler: DomainEventHandler<K>): () => void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as DomainEventHandler<never>);
    this.handlers.set(name, list);
    return () => {
      const current = this.handlers.get(name) ?? [];
      this.handlers.set(
        name,
        current.filter((h) => h !== handler),
      );
    };
  }

  async emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void> {
    const list = (this.handlers.get(name) ?? []) as DomainEventHandler<K>[];
    for (const handler of list) {
      try {
        await handler(payload, name);
      } catch (err) {
        this.log.error({ err, event: name }, 'an event subscriber failed');
      }
    }
  }
}
