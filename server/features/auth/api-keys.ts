import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  API_KEYS_PREMIUM_ONLY,
  type ApiKey,
  type CreatedApiKey,
} from '../../../common/api-keys.ts';
import type { Db } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../users/service.ts';
import type { SessionStore } from './sessions.ts';

/** Every key starts so (a secret scanner can find leaked ones); 32 random bytes follow. */
const API_KEY_PREFIX = 'ur_live_';
const KEY_PATTERN = /^ur_live_[A-Za-z0-9_-]{43}$/;
/** `ur_live_` and four characters of the random part: enough to tell a user's keys apart. */
const SHOWN_PREFIX_LENGTH = 12;
/** Validated keys are remembered this long in-process, like sessions; revocations drop them. */
const CACHE_TTL_MS = 5_000;
const CACHE_MAX = 10_000;
/** `last_used_at` is written at most this often per key (the SQL in touch() says the same). */
const TOUCH_EVERY_MS = 60_000;
/** Active keys a user may hold at once; revoking one frees its place. */
const MAX_ACTIVE_KEYS = 20;

/** Who a key speaks for. */
export type KeyHolder = { keyId: number; user: UserRow };
/** Why a key was refused before its user was looked at. */
export type KeyLookup = KeyHolder | 'unknown' | 'revoked';

type Cached = KeyHolder & { until: number };

/** SHA-256 is enough: the key is 256 random bits, so there is nothing to guess slowly. */
const hashOf = (key: string) => createHash('sha256').update(key).digest('base64url');

const toApiKey = (row: typeof apiKeys.$inferSelect): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/**
 * Premium users' API keys, for their own programs to call the API: shown once, stored as a
 * hash (a copy of the table opens nothing), named, revocable. Lookups are cached like sessions
 * and dropped through the sessions' revocation channel (`k:<key id>`, and `u:<user id>` when
 * the user changes), so a revoked key or a deactivated user stops working at once in every
 * process.
 */
export class ApiKeyStore {
  /** Keyed by the key itself, so a hit costs no hash. */
  private readonly cache = new Map<string, Cached>();
  /** When this process last wrote each key's last_used_at. */
  private readonly touched = new Map<number, number>();

  constructor(private readonly deps: { db: Db; sessions: SessionStore }) {
    deps.sessions.follow((payload) => this.onRevocation(payload));
  }

  /** Only the Monthly Subscription plan has API access. */
  static assertPremium(user: UserRow): void {
    if (user.planType !== 'premium') throw forbidden(API_KEYS_PREMIUM_ONLY);
  }

  /** Any user's own keys: one who left the plan still sees (and may revoke) dormant keys. */
  async list(user: UserRow): Promise<ApiKey[]> {
    const rows = await this.deps.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.userId, user.id))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    return rows.map(toApiKey);
  }

  /** A new key; the answer is the only place the key itself ever appears. */
  async create(user: UserRow, name: string): Promise<CreatedApiKey> {
    ApiKeyStore.assertPremium(user);
    const [active] = await this.deps.db
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= MAX_ACTIVE_KEYS) {
      throw conflict(`You have ${MAX_ACTIVE_KEYS} active API keys. Revoke one to create another.`);
    }
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const [row] = await this.deps.db
      .insert(apiKeys)
      .values({
        userId: user.id,
        name,
        prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
        keyHash: hashOf(key),
      })
      .returning();
    if (!row) throw new Error('api key insert returned nothing');
    return { apiKey: toApiKey(row), key };
  }

  /** Revokes one of the user's own keys (again is harmless); someone else's key is not found. */
  async revoke(user: UserRow, id: number): Promise<ApiKey> {
    const [row] = await this.deps.db
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, user.id)))
      .returning();
    if (!row) throw notFound('API key not found');
    await this.deps.sessions.broadcast(`k:${row.id}`);
    return toApiKey(row);
  }

  /** A deleted account's keys, gone from the table and from every process's cache. */
  async deleteAllOf(userId: number): Promise<void> {
    await this.deps.db.delete(apiKeys).where(eq(apiKeys.userId, userId));
    await this.deps.sessions.broadcast(`u:${userId}`);
  }

  /**
   * The cached holder of a key, without touching the database: `undefined` means "ask
   * resolve()" (not cached, or its last_used_at is due).
   */
  cached(key: string): KeyHolder | undefined {
    const hit = this.cache.get(key);
    if (!hit || hit.until <= Date.now() || this.touchDue(hit.keyId)) return undefined;
    return hit;
  }

  /** Who a key speaks for (any user: the caller decides about plan and deactivation). */
  async resolve(key: string): Promise<KeyLookup> {
    const hit = this.cache.get(key);
    if (hit && hit.until > Date.now()) {
      await this.touch(hit.keyId);
      return hit;
    }
    if (!KEY_PATTERN.test(key)) return 'unknown';
    const [row] = await this.deps.db
      .select({ keyId: apiKeys.id, revokedAt: apiKeys.revokedAt, user: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(eq(apiKeys.keyHash, hashOf(key)))
      .limit(1);
    if (!row) return 'unknown';
    if (row.revokedAt) {
      this.cache.delete(key);
      return 'revoked';
    }
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    const holder = { keyId: row.keyId, user: row.user };
    this.cache.set(key, { ...holder, until: Date.now() + CACHE_TTL_MS });
    await this.touch(row.keyId);
    return holder;
  }

  /** Drops cached keys: `k:<key id>` one key, `u:<user id>` every key of a user. */
  onRevocation(payload: string): void {
    const [kind, value] = [payload.slice(0, 2), Number(payload.slice(2))];
    if (kind !== 'k:' && kind !== 'u:') return;
    for (const [key, entry] of this.cache) {
      if ((kind === 'k:' ? entry.keyId : entry.user.id) === value) this.cache.delete(key);
    }
  }

  private touchDue(keyId: number): boolean {
    return Date.now() - (this.touched.get(keyId) ?? 0) >= TOUCH_EVERY_MS;
  }

  /** Writes last_used_at when a minute has passed, here and (by the condition) in any process. */
  private async touch(keyId: number): Promise<void> {
    if (!this.touchDue(keyId)) return;
    if (this.touched.size >= CACHE_MAX) this.touched.clear();
    this.touched.set(keyId, Date.now());
    await this.deps.db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, keyId),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
        ),
      );
  }
}
