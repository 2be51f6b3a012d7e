import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuditEntry } from '../../lib/audit.ts';
import type { JobQueue } from '../../lib/jobs/queue.ts';
import type { Mailer } from '../../lib/mail/index.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';

/**
 * Ends sessions (the auth feature's SessionStore): every one of a user's, or all but the one
 * making the request. Each announces itself to the other processes.
 */
type SessionRevoker = {
  revokeUser(userId: number, options?: { exceptToken?: string }): Promise<void>;
  forgetUser(userId: number): Promise<void>;
};

/** What the users service is built with; each of its parts takes the fields it needs. */
export type UsersDeps = {
  db: Db;
  mailer: Pick<Mailer, 'queueInTransaction' | 'forget'>;
  sessions: SessionRevoker;
  /** Where a deleted account's erasure is queued. */
  queue: Pick<JobQueue, 'enqueue'>;
  /** Where business logos are kept. */
  store: Pick<ObjectStore, 'put' | 'getBytes' | 'delete'>;
  publicUrl: string;
  log: FastifyBaseLogger;
};

/** Who acts on an account, for the guards and the audit log. */
export type Actor = { id: number; ip?: string };

/** The audit line of an action on a user's account. */
export function auditEntry(actor: Actor, userId: number, action: string): AuditEntry {
  return {
    actorId: actor.id,
    action,
    entityType: 'user',
    entityId: String(userId),
    ip: actor.ip,
  };
}
