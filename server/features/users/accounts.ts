import { and, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  NewUserBody,
  PasswordTokenInfo,
  UserActionResult,
  UserList,
  UserListItem,
  UserListQuery,
  UserUpdateBody,
} from '../../../common/users.ts';
import { NewUserBody as NewUserSchema, USERS_PAGE_SIZE } from '../../../common/users.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { type AuditEntry, recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { type Mailer, passwordLinkMessage } from '../../lib/mail/index.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import {
  inspectLink,
  issueLink,
  type LinkPurpose,
  linksIssuedSince,
  linkUrl,
  redeemLink,
} from './password-links.ts';
import { isUniqueViolation, newFormUrl, type UserRow } from './service.ts';

/**
 * Ends sessions (the auth feature's SessionStore): every one of a user's, or all but the one
 * making the request. Each announces itself to the other processes.
 */
export type SessionRevoker = {
  revokeUser(userId: number, options?: { exceptToken?: string }): Promise<void>;
  forgetUser(userId: number): Promise<void>;
};

/** Who acts on an account, for the guards and the audit log. */
export type Actor = { id: number; ip?: string };

/** The hash of an account that has no password yet: it matches no password at all. */
const NO_PASSWORD = '!unset';

/** Reset links one account may be sent in an hour, whatever the number of requests. */
const RESETS_PER_HOUR = 3;

const GUARDS = {
  deactivateSelf: 'You cannot deactivate your own account.',
  demoteSelf: 'You cannot remove your own administrator role.',
  lastAdmin: 'At least one active administrator must remain.',
  inactive: 'This account is deactivated. Reactivate it first.',
  noEmail: 'This user has no email address. Add one first, or hand the link over yourself.',
} as const;

export function toListItem(row: UserRow): UserListItem {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    planType: row.planType,
    hasPaymentMethod: Boolean(row.stripeCustomerId && row.paymentMethodId),
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    isActive: row.isActive,
  };
}

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Accounts: the admin's User Management (list, add, links, roles, deactivation), the one-time
 * password links and the signed-in user's own password and email. The users feature owns the
 * `users` and `password_tokens` tables; every admin action is written to the audit log.
 */
export class UsersService {
  private readonly db: Db;
  private readonly mailer: Pick<Mailer, 'queueInTransaction'>;
  private readonly sessions: SessionRevoker;
  private readonly publicUrl: string;
  private readonly log: FastifyBaseLogger;

  constructor(deps: {
    db: Db;
    mailer: Pick<Mailer, 'queueInTransaction'>;
    sessions: SessionRevoker;
    publicUrl: string;
    log: FastifyBaseLogger;
  }) {
    this.db = deps.db;
    this.mailer = deps.mailer;
    this.sessions = deps.sessions;
    this.publicUrl = deps.publicUrl;
    this.log = deps.log;
  }

  async list(query: UserListQuery): Promise<UserList> {
    const search = query.search?.trim();
    const where: SQL | undefined = search
      ? or(ilike(users.username, likePattern(search)), ilike(users.email, likePattern(search)))
      : undefined;
    const [rows, [matching], [all]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(USERS_PAGE_SIZE)
        .offset((query.page - 1) * USERS_PAGE_SIZE),
      this.db.select({ n: count() }).from(users).where(where),
      this.db.select({ n: count() }).from(users),
    ]);
    return {
      users: rows.map(toListItem),
      total: matching?.n ?? 0,
      allUsers: all?.n ?? 0,
      page: query.page,
      pageSize: USERS_PAGE_SIZE,
    };
  }

  /**
   * Add User: an account without a password, and a one-time link to choose one, mailed when
   * `sendCredentials` (the default) and otherwise returned once for the admin to hand over.
   */
  async create(actor: Actor, input: NewUserBody): Promise<UserActionResult> {
    const body = NewUserSchema.parse(input);
    const { row, token, expiresAt, send } = await this.db
      .transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            username: body.username,
            email: body.email,
            passwordHash: NO_PASSWORD,
            role: body.role,
            planType: 'free',
            uniqueFormUrl: newFormUrl(),
          })
          .returning();
        if (!created) throw new Error('insert returned no row');
        const link = await issueLink(tx, {
          userId: created.id,
          purpose: 'set_password',
          createdBy: actor.id,
        });
        const mail = body.sendCredentials
          ? await this.queueLink(tx, created, 'set_password', link)
          : null;
        await recordAudit(tx, {
          ...this.entry(actor, created.id, 'user.created'),
          details: { username: created.username, role: created.role, emailed: Boolean(mail) },
        });
        return { row: created, ...link, send: mail?.send };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw conflict('Username already exists');
        throw error;
      });
    await send?.();
    return this.result(row, {
      emailed: Boolean(send),
      token,
      expiresAt,
      message: send
        ? `User ${row.username} was added and a link to set the password was emailed to ${row.email}.`
        : `User ${row.username} was added. Hand over the link below; it is shown only once.`,
    });
  }

  /**
   * Reset Password and Send Credentials: a new one-time link (reset: 1 hour, set: 72 hours),
   * mailed to the user, or returned once when the account has no email address.
   */
  async sendLink(actor: Actor, userId: number, purpose: LinkPurpose): Promise<UserActionResult> {
    const { row, token, expiresAt, send } = await this.db.transaction(async (tx) => {
      const target = await this.find(tx, userId);
      if (!target.isActive) throw badRequest(GUARDS.inactive);
      const link = await issueLink(tx, { userId, purpose, createdBy: actor.id });
      const mail = target.email ? await this.queueLink(tx, target, purpose, link) : null;
      await recordAudit(tx, {
        ...this.entry(
          actor,
          userId,
          purpose === 'reset_password' ? 'user.password_reset_sent' : 'user.credentials_sent',
        ),
        details: { emailed: Boolean(mail) },
      });
      return { row: target, ...link, send: mail?.send };
    });
    await send?.();
    const what =
      purpose === 'reset_password' ? 'A password reset link' : 'A link to set the password';
    return this.result(row, {
      emailed: Boolean(send),
      token,
      expiresAt,
      message: send
        ? `${what} was emailed to ${row.email}.`
        : `${row.username} has no email address. Hand over the link below; it is shown only once.`,
    });
  }

  /** Role and email changes by an admin; nobody removes their own or the last admin role. */
  async update(actor: Actor, userId: number, change: UserUpdateBody): Promise<UserListItem> {
    const row = await this.db.transaction(async (tx) => {
      await this.lockAdmins(tx);
      const target = await this.find(tx, userId);
      const entries: AuditEntry[] = [];
      if (change.role && change.role !== target.role) {
        if (target.role === 'admin') {
          if (userId === actor.id) throw badRequest(GUARDS.demoteSelf);
          await this.keepAnAdmin(tx, userId);
        }
        entries.push({
          ...this.entry(actor, userId, 'user.role_changed'),
          details: { from: target.role, to: change.role },
        });
      }
      if (change.email !== undefined && change.email !== target.email) {
        entries.push({
          ...this.entry(actor, userId, 'user.email_changed'),
          details: { from: target.email, to: change.email },
        });
      }
      if (entries.length === 0) return target;
      const [updated] = await tx
        .update(users)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      await recordAudit(tx, entries);
      return updated ?? target;
    });
    // Sessions cache the user row: a new role takes effect on the next request everywhere.
    await this.sessions.forgetUser(userId);
    return toListItem(row);
  }

  /**
   * Deactivate User: login refused, every session (and API key) ends at once in every process,
   * the form link answers Form Not Found; nothing of the account's data is deleted.
   */
  async setActive(actor: Actor, userId: number, active: boolean): Promise<UserListItem> {
    const row = await this.db.transaction(async (tx) => {
      await this.lockAdmins(tx);
      const target = await this.find(tx, userId);
      if (target.isActive === active) return target;
      if (!active) {
        if (userId === actor.id) throw badRequest(GUARDS.deactivateSelf);
        if (target.role === 'admin') await this.keepAnAdmin(tx, userId);
      }
      const [updated] = await tx
        .update(users)
        .set({ isActive: active, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      await recordAudit(
        tx,
        this.entry(actor, userId, active ? 'user.reactivated' : 'user.deactivated'),
      );
      return updated ?? target;
    });
    if (!active) await this.sessions.revokeUser(userId);
    return toListItem(row);
  }

  /**
   * Forgot password: a reset link to the account named by username or email (every account
   * with that email), at most RESETS_PER_HOUR an hour each. The caller answers the same way
   * whatever happens here, so nobody learns which accounts exist.
   */
  async forgotPassword(identifier: string, ip?: string): Promise<void> {
    const value = identifier.trim();
    const matches = await this.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.isActive, true),
          or(
            sql`lower(${users.username}) = lower(${value})`,
            sql`lower(${users.email}) = lower(${value})`,
          ),
        ),
      )
      .limit(5);
    for (const target of matches) {
      if (!target.email) continue;
      const mail = await this.db.transaction(async (tx) => {
        // The row lock makes simultaneous requests for one account count one after the other.
        await this.find(tx, target.id);
        const since = new Date(Date.now() - 60 * 60 * 1000);
        if ((await linksIssuedSince(tx, target.id, 'reset_password', since)) >= RESETS_PER_HOUR) {
          this.log.info({ userId: target.id }, 'reset link not sent: hourly limit reached');
          return null;
        }
        const link = await issueLink(tx, {
          userId: target.id,
          purpose: 'reset_password',
          createdBy: null,
        });
        await recordAudit(tx, {
          actorId: null,
          action: 'user.password_reset_requested',
          entityType: 'user',
          entityId: String(target.id),
          ip,
        });
        return this.queueLink(tx, target, 'reset_password', link);
      });
      await mail?.send();
    }
  }

  /** What the set-password page shows before the password is chosen. */
  async checkLink(token: string): Promise<PasswordTokenInfo> {
    const holder = await inspectLink(this.db, token);
    return {
      username: holder.username,
      purpose: holder.purpose,
      expiresAt: holder.expiresAt.toISOString(),
    };
  }

  /** Uses a link: the new password, and every session of the account ends. */
  async setPasswordWithLink(token: string, password: string, ip?: string): Promise<void> {
    // Checked first so a dead link costs no hashing; redeemLink checks again, atomically.
    await inspectLink(this.db, token);
    const { userId, purpose } = await redeemLink(this.db, token, await hashPassword(password));
    await recordAudit(this.db, {
      actorId: userId,
      action: purpose === 'reset_password' ? 'user.password_reset' : 'user.password_set',
      entityType: 'user',
      entityId: String(userId),
      ip,
    });
    await this.sessions.revokeUser(userId);
  }

  /** The signed-in user's new password; their other sessions end, the current one stays. */
  async changePassword(
    user: UserRow,
    input: { currentPassword: string; newPassword: string },
    context: { sessionToken?: string; ip?: string },
  ): Promise<void> {
    await this.checkCurrentPassword(user, input.currentPassword);
    const passwordHash = await hashPassword(input.newPassword);
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await recordAudit(tx, {
        actorId: user.id,
        action: 'user.password_changed',
        entityType: 'user',
        entityId: String(user.id),
        ip: context.ip,
      });
    });
    await this.sessions.revokeUser(user.id, { exceptToken: context.sessionToken });
  }

  /** The signed-in user's new email address (their password confirms it is them). */
  async changeEmail(
    user: UserRow,
    input: { email: string; currentPassword: string },
    ip?: string,
  ): Promise<UserRow> {
    await this.checkCurrentPassword(user, input.currentPassword);
    const row = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ email: input.email, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      await recordAudit(tx, {
        actorId: user.id,
        action: 'user.email_changed',
        entityType: 'user',
        entityId: String(user.id),
        details: { from: user.email, to: input.email },
        ip,
      });
      return updated;
    });
    if (!row) throw notFound('User not found');
    await this.sessions.forgetUser(user.id);
    return row;
  }

  /** Stamped at each sign-in, for the admin's list. */
  async recordSignIn(userId: number): Promise<void> {
    await this.db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
  }

  private async checkCurrentPassword(user: UserRow, password: string) {
    const [row] = await this.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id))
      .limit(1);
    if (!row || !(await verifyPassword(row.passwordHash, password))) {
      throw badRequest('Current password is incorrect');
    }
  }

  private async find(db: Db, userId: number): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!row) throw notFound('User not found');
    return row;
  }

  /**
   * Locks the active admins' rows, always in the same order, before any row a change reads: two
   * admins taking each other's role or account away at once then run one after the other
   * (rather than deadlock), and the second sees the first's change.
   */
  private async lockAdmins(tx: Db): Promise<void> {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
      .orderBy(users.id)
      .for('update');
  }

  /** Refuses to take the last active admin away (call after lockAdmins). */
  private async keepAnAdmin(tx: Db, leavingId: number): Promise<void> {
    const others = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true), ne(users.id, leavingId)))
      .limit(1);
    if (others.length === 0) throw badRequest(GUARDS.lastAdmin);
  }

  private queueLink(
    tx: Db,
    user: UserRow,
    purpose: LinkPurpose,
    link: { token: string; expiresAt: Date },
  ) {
    if (!user.email) throw badRequest(GUARDS.noEmail);
    return this.mailer.queueInTransaction(tx, {
      kind: purpose,
      to: user.email,
      ...passwordLinkMessage({
        username: user.username,
        purpose,
        link: linkUrl(this.publicUrl, link.token),
        expiresAt: link.expiresAt,
      }),
    });
  }

  private entry(actor: Actor, userId: number, action: string): AuditEntry {
    return {
      actorId: actor.id,
      action,
      entityType: 'user',
      entityId: String(userId),
      ip: actor.ip,
    };
  }

  private result(
    row: UserRow,
    outcome: { emailed: boolean; token: string; expiresAt: Date; message: string },
  ): UserActionResult {
    return {
      user: toListItem(row),
      message: outcome.message,
      emailed: outcome.emailed,
      // The link leaves the server only when it was not mailed, and only in this answer.
      link: outcome.emailed ? null : linkUrl(this.publicUrl, outcome.token),
      expiresAt: outcome.emailed ? null : outcome.expiresAt.toISOString(),
    };
  }
}
