import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import type { UserRow } from '../users/service.ts';

export const SESSION_COOKIE = 'sid';
/** Validated sessions are remembered this long in-process; revocations drop them at once. */
const CACHE_TTL_MS = 5_000;
const CACHE_MAX = 10_000;

type Cached = { id: string; user: UserRow; until: number };

/** Revocations are broadcast so every process drops its cached copy at once. */
export const REVOCATION_CHANNEL = 'session_revocations';

/**
 * Sessions are random tokens held by the browser; the database keeps only their HMAC, so a copy
 * of the table cannot be used to sign in.
 */
export class SessionStore {
  /** Keyed by the cookie token itself, so a hit costs no HMAC. */
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly deps: {
      db: Db;
      /** The HMAC key of the stored session ids (SESSION_SECRET). */
      secret: string;
      /** How long a session lasts from sign-in. */
      ttlMs: number;
    },
  ) {}

  /** Other caches of signed-in callers (API keys) that apply the same revocations. */
  private readonly followers: ((payload: string) => void)[] = [];

  /**
   * Applies revocations announced by any process (this one included): `s:<session id>` drops
   * one session, `u:<user id>` every cached session of a user; followers get each payload too
   * (`k:<api key id>` is theirs).
   */
  onRevocation(payload: string): void {
    for (const follower of this.followers) follower(payload);
    if (payload.startsWith('u:')) {
      this.dropUser(Number(payload.slice(2)));
    } else if (payload.startsWith('s:')) {
      const id = payload.slice(2);
      for (const [token, entry] of this.cache) if (entry.id === id) this.cache.delete(token);
    }
  }

  /** Another cache keyed by user follows this one's revocations, local and announced. */
  follow(listener: (payload: string) => void): void {
    this.followers.push(listener);
  }

  /** Applies a revocation in this process at once, then announces it to the others. */
  async broadcast(payload: string): Promise<void> {
    this.onRevocation(payload);
    await this.announce(payload);
  }

  private announce(payload: string) {
    return this.deps.db.execute(sql`select pg_notify(${REVOCATION_CHANNEL}, ${payload})`);
  }

  private idOf(token: string): string {
    return createHmac('sha256', this.deps.secret).update(token).digest('base64url');
  }

  async create(userId: number, meta: { ip?: string; userAgent?: string }) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.deps.ttlMs);
    await this.deps.db.insert(sessions).values({
      id: this.idOf(token),
      userId,
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return { token, expiresAt };
  }

  /**
   * The cached user of a token, without touching the database: `undefined` means "not cached,
   * ask resolve()". Lets the hot path (a signed-in page's API calls) stay synchronous.
   */
  cached(token: string | undefined): UserRow | null | undefined {
    if (!token || token.length > 100) return null;
    const hit = this.cache.get(token);
    return hit && hit.until > Date.now() ? hit.user : undefined;
  }

  /** The signed-in user for a cookie token, or null when it is unknown, expired or deactivated. */
  async resolve(token: string | undefined): Promise<UserRow | null> {
    const cached = this.cached(token);
    if (cached !== undefined || !token) return cached ?? null;
    const now = Date.now();
    const id = this.idOf(token);
    const [row] = await this.deps.db
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date(now))))
      .limit(1);
    if (!row?.user.isActive) {
      this.cache.delete(token);
      return null;
    }
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    const until = Math.min(now + CACHE_TTL_MS, row.expiresAt.getTime());
    this.cache.set(token, { id, user: row.user, until });
    return row.user;
  }

  async revoke(token: string | undefined): Promise<void> {
    if (!token) return;
    const id = this.idOf(token);
    this.cache.delete(token);
    await this.deps.db.delete(sessions).where(eq(sessions.id, id));
    await this.announce(`s:${id}`);
  }

  /**
   * Signs a user out everywhere (a password set by link, deactivation), or everywhere but the
   * session of `exceptToken` (the user's own password change).
   */
  async revokeUser(userId: number, options: { exceptToken?: string } = {}): Promise<void> {
    this.onRevocation(`u:${userId}`);
    const keep = options.exceptToken ? this.idOf(options.exceptToken) : undefined;
    await this.deps.db
      .delete(sessions)
      .where(
        keep
          ? and(eq(sessions.userId, userId), ne(sessions.id, keep))
          : eq(sessions.userId, userId),
      );
    await this.announce(`u:${userId}`);
  }

  /** Drops cached copies of a user whose row changed, in every process. */
  async forgetUser(userId: number): Promise<void> {
    this.onRevocation(`u:${userId}`);
    await this.announce(`u:${userId}`);
  }

  /** Expired sessions can never sign anyone in again; returns how many were deleted. */
  async deleteExpired(): Promise<number> {
    const deleted = await this.deps.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date()))
      .returning({ id: sessions.id });
    return deleted.length;
  }

  private dropUser(userId: number): void {
    for (const [token, entry] of this.cache) {
      if (entry.user.id === userId) this.cache.delete(token);
    }
  }
}
