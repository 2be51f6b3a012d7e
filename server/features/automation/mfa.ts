import { createHash, createHmac } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { MFA_TEXT, type MfaChallengeView } from '../../../common/mfa.ts';
import type { Db } from '../../db/client.ts';
import { connections, mfaChallenges, providers } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { DomainEvents } from '../../lib/events.ts';
import type { CredentialVault } from '../../lib/vault.ts';

type Row = typeof mfaChallenges.$inferSelect;
type Status = Row['status'];
const OPEN: Status[] = ['waiting_choice', 'waiting_code', 'checking'];
const POLL_MS = 500;

/**
 * The token of a connection's code page: an HMAC of its id under the server's secret, so the
 * form's success screen can be told it at once and the email carries the same link. Only its
 * hash is stored.
 */
export function mfaToken(secret: string, connectionId: number): string {
  return createHmac('sha256', secret).update(`mfa-code-page:${connectionId}`).digest('base64url');
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const codeContext = (id: number) => `mfa-challenge:${id}:code`;

const NOT_VALID = 'This link is not valid';

/**
 * The customer's side of a portal's code request. The waiting browser job opens a challenge and
 * polls it; the customer's page answers it (a choice, then the code).
 */
export class MfaChallenges {
  constructor(private readonly deps: { db: Db; vault: CredentialVault; events?: DomainEvents }) {}

  /** A new request for a code; any earlier one of the connection still open is expired. */
  async open(
    connectionId: number,
    token: string,
    options: string[],
    expiresAt: Date,
  ): Promise<number> {
    await this.deps.db
      .update(mfaChallenges)
      .set({ status: 'expired', codeSealed: null, updatedAt: new Date() })
      .where(
        and(eq(mfaChallenges.connectionId, connectionId), inArray(mfaChallenges.status, OPEN)),
      );
    const [row] = await this.deps.db
      .insert(mfaChallenges)
      .values({
        connectionId,
        tokenHash: hashOf(token),
        status: options.length > 0 ? 'waiting_choice' : 'waiting_code',
        options,
        expiresAt,
      })
      .returning({ id: mfaChallenges.id });
    if (!row) throw new Error('insert returned no row');
    await this.deps.events?.emit('connection.code_requested', { connectionId });
    return row.id;
  }

  /** The link's latest request, with the provider's name the page shows. */
  private async latest(token: string): Promise<(Row & { providerName: string }) | undefined> {
    const [found] = await this.deps.db
      .select({ row: mfaChallenges, providerName: providers.name })
      .from(mfaChallenges)
      .innerJoin(connections, eq(connections.id, mfaChallenges.connectionId))
      .innerJoin(providers, eq(providers.id, connections.providerId))
      .where(eq(mfaChallenges.tokenHash, hashOf(token)))
      .orderBy(desc(mfaChallenges.createdAt), desc(mfaChallenges.id))
      .limit(1);
    return found && { ...found.row, providerName: found.providerName };
  }

  /** What the customer's page shows. An unknown token looks like "nothing asked (yet)". */
  async view(token: string): Promise<MfaChallengeView> {
    const row = await this.latest(token);
    if (!row) {
      return { status: 'none', providerName: null, options: [], expiresAt: null, message: null };
    }
    const lapsed = OPEN.includes(row.status) && row.expiresAt.getTime() <= Date.now();
    const status = lapsed ? 'expired' : row.status;
    return {
      status,
      providerName: row.providerName,
      options: status === 'waiting_choice' ? row.options : [],
      expiresAt: row.expiresAt.toISOString(),
      message: lapsed ? MFA_TEXT.expired : row.message,
    };
  }

  /** The row the customer may act on now, in `status`; a 409 in their words otherwise. */
  private async actionable(token: string, status: Status): Promise<Row> {
    const row = await this.latest(token);
    if (!row) throw notFound(NOT_VALID);
    if (row.status !== status || row.expiresAt.getTime() <= Date.now()) {
      throw new AppError(409, MFA_TEXT.tooLate, 'conflict');
    }
    return row;
  }

  async choose(token: string, option: string): Promise<MfaChallengeView> {
    const row = await this.actionable(token, 'waiting_choice');
    if (!row.options.includes(option)) {
      throw new AppError(400, 'Choose one of the offered options', 'bad_request');
    }
    // The browser clicks it, then asks for the code (status waiting_code).
    await this.deps.db
      .update(mfaChallenges)
      .set({ choice: option, status: 'checking', updatedAt: new Date() })
      .where(and(eq(mfaChallenges.id, row.id), eq(mfaChallenges.status, 'waiting_choice')));
    return this.view(token);
  }

  async submitCode(token: string, code: string): Promise<MfaChallengeView> {
    const row = await this.actionable(token, 'waiting_code');
    const sealed = this.deps.vault.seal(code, codeContext(row.id));
    const moved = await this.deps.db
      .update(mfaChallenges)
      .set({ codeSealed: sealed.value, status: 'checking', updatedAt: new Date() })
      .where(and(eq(mfaChallenges.id, row.id), eq(mfaChallenges.status, 'waiting_code')))
      .returning({ id: mfaChallenges.id });
    if (moved.length === 0) throw new AppError(409, MFA_TEXT.tooLate, 'conflict');
    return this.view(token);
  }

  /** Waits for the customer's choice; null when none came before `until`. */
  async awaitChoice(id: number, until: number): Promise<string | null> {
    const row = await this.poll(id, until, (r) => r.choice !== null);
    return row?.choice ?? null;
  }

  /** Asks for the code (after the choice was clicked in the portal). */
  async askCode(id: number): Promise<void> {
    await this.deps.db
      .update(mfaChallenges)
      .set({ status: 'waiting_code', updatedAt: new Date() })
      .where(eq(mfaChallenges.id, id));
  }

  /** Waits for the code and takes it (it is cleared from the table); null when none came. */
  async awaitCode(id: number, until: number): Promise<string | null> {
    const row = await this.poll(id, until, (r) => r.codeSealed !== null);
    if (!row?.codeSealed) return null;
    await this.deps.db
      .update(mfaChallenges)
      .set({ codeSealed: null, updatedAt: new Date() })
      .where(eq(mfaChallenges.id, id));
    return this.deps.vault.open(row.codeSealed, codeContext(id));
  }

  async finish(id: number, status: 'succeeded' | 'failed' | 'expired', message: string) {
    await this.deps.db
      .update(mfaChallenges)
      .set({ status, message, codeSealed: null, updatedAt: new Date() })
      .where(eq(mfaChallenges.id, id));
  }

  private async poll(id: number, until: number, done: (row: Row) => boolean) {
    for (;;) {
      const [row] = await this.deps.db.select().from(mfaChallenges).where(eq(mfaChallenges.id, id));
      if (!row || !OPEN.includes(row.status)) return undefined;
      if (done(row)) return row;
      if (Date.now() >= until) return undefined;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
