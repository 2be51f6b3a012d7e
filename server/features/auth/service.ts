import type { LoginBody, RegisterBody } from '../../../common/api.ts';
import { DEACTIVATED_MESSAGE } from '../../../common/users.ts';
import type { Db } from '../../db/client.ts';
import { RetryLaterError, unauthorized } from '../../lib/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import type { UserRow, UsersService } from '../users/service.ts';
import type { SessionStore } from './sessions.ts';
import {
  clearLoginFailures,
  loginThrottled,
  purgeLoginFailures,
  recordLoginFailure,
  TOO_MANY_FAILURES,
} from './throttle.ts';

const INVALID_LOGIN = 'Invalid username or password';

/** Who is signing in: their address and browser, and the session cookie they came with. */
export type Client = { ip: string; userAgent?: string; sessionToken?: string };

/** A signed-in user and the new session's token for the cookie. */
export type SignedIn = { user: UserRow; session: { token: string; expiresAt: Date } };

/**
 * Signing up, in and out. Sign-in is throttled by failures, counted in the database so every
 * process sees the same counts; each sign-in starts a fresh session, replacing the one the
 * browser came with. The accounts themselves are the users feature's.
 */
export class AuthService {
  constructor(
    private readonly deps: {
      db: Db;
      sessions: SessionStore;
      users: Pick<UsersService, 'register' | 'findByUsername' | 'recordSignIn'>;
    },
  ) {}

  /** A new account of the `user` role, signed in at once. */
  async register(input: RegisterBody, client: Client): Promise<SignedIn> {
    const user = await this.deps.users.register(input);
    return { user, session: await this.startSession(user.id, client) };
  }

  /**
   * Checks a username and password. Failures are counted per account, per address and per
   * both; past a limit the attempt is refused before the password is checked (429 with the
   * seconds to wait). The account's own count never refuses an address that has not failed for
   * it, so nobody can lock the owner out by failing on purpose. Only failures count, so people
   * signing in correctly from one shared address are never held back.
   */
  async login({ username, password }: LoginBody, client: Client): Promise<SignedIn> {
    const { db, users } = this.deps;
    const throttled = await loginThrottled(db, username, client.ip);
    if (throttled) throw new RetryLaterError(TOO_MANY_FAILURES, throttled.retryAfterSec);
    const user = await users.findByUsername(username);
    // Verify against a dummy hash for unknown names so timing does not tell which exist.
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) {
      await recordLoginFailure(db, username, client.ip);
      throw unauthorized(INVALID_LOGIN);
    }
    await clearLoginFailures(db, username, client.ip);
    if (!user.isActive) throw unauthorized(DEACTIVATED_MESSAGE);
    const session = await this.startSession(user.id, client);
    await users.recordSignIn(user.id);
    return { user, session };
  }

  logout(sessionToken: string | undefined): Promise<void> {
    return this.deps.sessions.revoke(sessionToken);
  }

  /**
   * The daily clean-up: expired sessions, and throttle windows that have ended. Returns how
   * many sessions were deleted.
   */
  async deleteExpired(): Promise<number> {
    const deleted = await this.deps.sessions.deleteExpired();
    await purgeLoginFailures(this.deps.db);
    return deleted;
  }

  /** Starts a fresh session, replacing whatever session the browser had (rotation). */
  private async startSession(userId: number, client: Client) {
    const { sessions } = this.deps;
    await sessions.revoke(client.sessionToken);
    return sessions.create(userId, { ip: client.ip, userAgent: client.userAgent });
  }
}
