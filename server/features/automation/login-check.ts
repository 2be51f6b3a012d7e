import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { professionalName } from '../../../common/business.ts';
import {
  CHECK_TOKEN_DAYS,
  FIX_LINK_DAYS,
  type FixLinkView,
  type LoginCheckState,
  type LoginCheckView,
  type NewLoginBody,
} from '../../../common/credential-check.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { connections, credentialChecks, credentialFixLinks, providers } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs/queue.ts';
import { fixLinkMessage } from '../../lib/mail/fix-link-message.ts';
import type { Mailer } from '../../lib/mail/index.ts';
import type { ConnectionsService, Viewer } from '../connections/service.ts';
import { verifyConnectionCredentialsJob } from './jobs.ts';
import { mfaToken } from './mfa.ts';

const DAY_MS = 86_400_000;
/**
 * How long after starting a check the customer is taken to be still on the page: a little
 * longer than the page waits for the answer. A refusal that comes later is emailed.
 */
const WATCH_MS = 60_000;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const NOT_VALID = 'This link is not valid or has expired. Please ask whoever sent it to you.';
const CHECKING = 'Your login is being checked right now. Please wait for the answer.';
const ALREADY_FINE =
  'Your login was already accepted, or this connection is finished: there is nothing to change.';

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * The customer's side of the credential check: the form (and the emailed fix page) follow the
 * check they started through a token only they hold, and type a refused login again; a refusal
 * found later, with nobody watching, sends them a single-use link to do so.
 */
export class LoginChecks {
  constructor(
    private readonly deps: {
      db: Db;
      config: Pick<Config, 'publicUrl' | 'sessionSecret'>;
      connections: ConnectionsService;
      queue: Pick<JobQueue, 'enqueue'>;
      mailer: Pick<Mailer, 'queue'>;
      log: Log;
    },
  ) {}

  /** The page token of a connection: the code page's, so the code step follows on the same page. */
  tokenOf(connectionId: number): string {
    return mfaToken(this.deps.config.sessionSecret, connectionId);
  }

  /** The customer starts a check and waits on the page for it (the form, a new login). */
  async watch(connectionId: number): Promise<void> {
    const now = new Date();
    const values = {
      tokenHash: hashOf(this.tokenOf(connectionId)),
      expiresAt: new Date(now.getTime() + CHECK_TOKEN_DAYS * DAY_MS),
      state: 'checking' as const,
      watched: true,
      updatedAt: now,
    };
    await this.deps.db
      .insert(credentialChecks)
      .values({ connectionId, ...values })
      .onConflictDoUpdate({ target: credentialChecks.connectionId, set: values });
  }

  /**
   * Where a check of the connection ended (or that it now waits for a code). A refusal the
   * customer was not watching for on the page is emailed to them with a link to fix it.
   */
  async record(connectionId: number, state: Exclude<LoginCheckState, 'checking'>) {
    // Read and written in one statement: the row as it was (from `before`, the same row) says
    // whether the customer was still watching the page.
    const watchedSince = new Date(Date.now() - WATCH_MS);
    const before = alias(credentialChecks, 'before');
    const wasWatched = sql<boolean>`(${before.watched} and ${before.updatedAt} > ${watchedSince})`;
    const [row] = await this.deps.db
      .update(credentialChecks)
      // The code step is part of the check the customer watches; any other answer ends it.
      .set({
        state,
        watched: state === 'code' ? wasWatched : false,
        updatedAt: new Date(),
      })
      .from(before)
      .where(
        and(
          eq(credentialChecks.connectionId, connectionId),
          eq(before.connectionId, credentialChecks.connectionId),
        ),
      )
      .returning({ watched: wasWatched });
    const watched = row?.watched === true;
    if ((state === 'rejected' || state === 'locked') && !watched) {
      try {
        await this.sendFixLink(connectionId, state === 'locked');
      } catch (err) {
        this.deps.log.error({ err, connectionId }, 'the login fix link could not be sent');
      }
    }
  }

  /** What the customer's page shows; 404 for an unknown or expired token. */
  async view(token: string): Promise<LoginCheckView> {
    const row = await this.checkOf(token);
    return this.viewOf(row.connectionId, row.state, row.providerName);
  }

  /**
   * The customer's login typed again on the page after a refusal: sealed in place of the old
   * one, then checked again the same way.
   */
  async retype(token: string, login: NewLoginBody): Promise<LoginCheckView> {
    const row = await this.checkOf(token);
    if (row.state === 'checking' || row.state === 'code')
      throw new AppError(409, CHECKING, 'conflict');
    if (row.state === 'signed_in') throw new AppError(409, ALREADY_FINE, 'conflict');
    await this.replace(row.connectionId, login);
    return this.viewOf(row.connectionId, 'checking', row.providerName);
  }

  /** The emailed fix page: whether the link still works, and whom to ask when it does not. */
  async fixView(token: string): Promise<FixLinkView> {
    const link = await this.fixLinkOf(token);
    const base = { providerName: link.providerName, contact: link.contact };
    if (link.replacedAt) return { state: 'replaced', ...base };
    if (link.usedAt) return { state: 'used', ...base };
    if (link.expiresAt.getTime() <= Date.now()) return { state: 'expired', ...base };
    const subject = await this.deps.connections.loginSubject(link.connectionId);
    return {
      state: 'ready',
      ...base,
      username: subject?.credentials?.utilityUsername ?? null,
    };
  }

  /**
   * The login typed on the fix page: the link is spent, the login replaced and checked again;
   * the answer is the token of the page that follows that check.
   */
  async fix(token: string, login: NewLoginBody): Promise<{ checkToken: string }> {
    const link = await this.fixLinkOf(token);
    const spent = await this.deps.db
      .update(credentialFixLinks)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(credentialFixLinks.id, link.id),
          isNull(credentialFixLinks.usedAt),
          isNull(credentialFixLinks.replacedAt),
        ),
      )
      .returning({ expiresAt: credentialFixLinks.expiresAt });
    const current = spent[0];
    if (!current) {
      throw new AppError(
        409,
        link.replacedAt
          ? `A newer link was sent for this login: please use the latest email, or contact ${link.contact}.`
          : 'This link was already used. If your login still needs changing, please ask for a new link.',
        'conflict',
      );
    }
    if (current.expiresAt.getTime() <= Date.now()) {
      throw new AppError(410, `This link has expired. Please contact ${link.contact}.`, 'expired');
    }
    await this.replace(link.connectionId, login);
    return { checkToken: this.tokenOf(link.connectionId) };
  }

  /**
   * A user's (own connection) or an admin's (any) "Send the customer a new link": the older
   * link stops working.
   */
  async resendFixLink(connectionId: number, viewer: Viewer) {
    const connection = await this.deps.connections.get(connectionId, viewer);
    if (!connection.hasCredentials || connection.status === 'complete') {
      throw new AppError(409, 'This connection has no stored login left to change.', 'conflict');
    }
    if (connection.credentialsVerified === true) {
      throw new AppError(
        409,
        'The customer’s login is verified: there is nothing to fix.',
        'conflict',
      );
    }
    return this.sendFixLink(connectionId, false);
  }

  private async sendFixLink(connectionId: number, locked: boolean) {
    const subject = await this.deps.connections.reportSubject(connectionId);
    if (!subject) throw notFound('Connection not found');
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + FIX_LINK_DAYS * DAY_MS);
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(credentialFixLinks)
        .set({ replacedAt: new Date() })
        .where(
          and(
            eq(credentialFixLinks.connectionId, connectionId),
            isNull(credentialFixLinks.replacedAt),
          ),
        );
      await tx
        .insert(credentialFixLinks)
        .values({ connectionId, tokenHash: hashOf(token), expiresAt });
    });
    await this.deps.mailer.queue({
      kind: 'login_fix',
      to: subject.customerEmail,
      connectionId,
      ...fixLinkMessage({
        customerName: subject.customerName,
        providerName: subject.provider.name,
        requester: subject.owner,
        link: `${this.deps.config.publicUrl}/form/fix/${token}`,
        expiresAt,
        locked,
      }),
    });
    this.deps.log.info({ connectionId }, 'login fix link sent to the customer');
    return { sentTo: subject.customerEmail, expiresAt: expiresAt.toISOString() };
  }

  private async replace(connectionId: number, login: NewLoginBody) {
    const replaced = await this.deps.connections.replaceCredentials(
      connectionId,
      login.username,
      login.password,
    );
    if (!replaced) throw new AppError(409, ALREADY_FINE, 'conflict');
    await this.watch(connectionId);
    await this.deps.queue.enqueue(verifyConnectionCredentialsJob, { connectionId });
  }

  private async checkOf(token: string) {
    const [row] = await this.deps.db
      .select({
        connectionId: credentialChecks.connectionId,
        state: credentialChecks.state,
        expiresAt: credentialChecks.expiresAt,
        providerName: providers.name,
      })
      .from(credentialChecks)
      .innerJoin(connections, eq(connections.id, credentialChecks.connectionId))
      .innerJoin(providers, eq(providers.id, connections.providerId))
      .where(eq(credentialChecks.tokenHash, hashOf(token)))
      .limit(1);
    if (!row || row.expiresAt.getTime() <= Date.now()) throw notFound(NOT_VALID);
    return row;
  }

  private async viewOf(
    connectionId: number,
    state: LoginCheckState,
    providerName: string,
  ): Promise<LoginCheckView> {
    let username: string | null = null;
    if (state === 'rejected' || state === 'locked') {
      const subject = await this.deps.connections.loginSubject(connectionId);
      username = subject?.credentials?.utilityUsername ?? null;
    }
    return { state, providerName, username };
  }

  private async fixLinkOf(token: string) {
    const [row] = await this.deps.db
      .select({ link: credentialFixLinks, providerName: providers.name })
      .from(credentialFixLinks)
      .innerJoin(connections, eq(connections.id, credentialFixLinks.connectionId))
      .innerJoin(providers, eq(providers.id, connections.providerId))
      .where(eq(credentialFixLinks.tokenHash, hashOf(token)))
      .limit(1);
    if (!row) throw notFound(NOT_VALID);
    const subject = await this.deps.connections.reportSubject(row.link.connectionId);
    const name = professionalName(subject?.owner.companyName);
    const reply = subject?.owner.replyToEmail?.trim();
    return {
      ...row.link,
      providerName: row.providerName,
      contact: reply ? `${name} (${reply})` : name,
    };
  }
}
