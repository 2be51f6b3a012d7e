import { createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../errors.ts';

/** What a local signed URL allows: one operation on one key until `exp` (unix seconds). */
export type Grant =
  | { op: 'put'; key: string; exp: number; max: number; size: number | undefined; type: string }
  | { op: 'get'; key: string; exp: number; name: string | undefined };

export type GrantFor<Op extends Grant['op']> = Extract<Grant, { op: Op }>;

/** The query parameters of a signed URL, as they arrive. */
export type GrantQuery = Partial<
  Record<'op' | 'exp' | 'max' | 'size' | 'type' | 'name' | 'sig', string>
>;

const FIELDS = ['op', 'exp', 'max', 'size', 'type', 'name'] as const;

/** Signs and verifies the local store's URLs with HMAC-SHA256 over every parameter and the key. */
export class GrantSigner {
  constructor(
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {
    if (secret.length < 32) throw new Error('The storage secret must be at least 32 characters');
  }

  /** Query parameters (signature last) for a grant. */
  sign(grant: Grant): URLSearchParams {
    const query: GrantQuery = { op: grant.op, exp: String(grant.exp) };
    if (grant.op === 'put') {
      query.max = String(grant.max);
      if (grant.size !== undefined) query.size = String(grant.size);
      query.type = grant.type;
    } else if (grant.name !== undefined) {
      query.name = grant.name;
    }
    const params = new URLSearchParams(query as Record<string, string>);
    params.set('sig', this.mac(grant.key, query).toString('base64url'));
    return params;
  }

  /** The grant a request carries for `op` on `key`; 403 for anything not signed exactly so. */
  verify<Op extends Grant['op']>(op: Op, key: string, query: GrantQuery): GrantFor<Op> {
    const given = Buffer.from(query.sig ?? '', 'base64url');
    const expected = this.mac(key, query);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw forbidden('This link is not valid');
    }
    if (query.op !== op) throw forbidden('This link is not valid for this request');
    const exp = Number(query.exp);
    if (!Number.isSafeInteger(exp) || exp * 1000 < this.now()) {
      throw forbidden('This link has expired');
    }
    if (op === 'get') return { op, key, exp, name: query.name || undefined } as GrantFor<Op>;
    const max = Number(query.max);
    const size = query.size ? Number(query.size) : undefined;
    if (!Number.isSafeInteger(max) || (size !== undefined && !Number.isSafeInteger(size))) {
      throw forbidden('This link is not valid');
    }
    return { op: 'put', key, exp, max, size, type: query.type ?? '' } as GrantFor<Op>;
  }

  expiresAt(seconds: number): number {
    return Math.floor(this.now() / 1000) + seconds;
  }

  private mac(key: string, query: GrantQuery): Buffer {
    // JSON keeps the fields apart whatever they contain; an absent field signs as ''.
    const message = JSON.stringify(['storage-v1', key, ...FIELDS.map((f) => query[f] ?? '')]);
    return createHmac('sha256', this.secret).update(message).digest();
  }
}
