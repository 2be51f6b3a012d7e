import { and, count, desc, eq, ilike, isNull, ne, or, type SQL } from 'drizzle-orm';
import {
  USERS_PAGE_SIZE,
  type UserList,
  type UserListItem,
  type UserListQuery,
  type UserUpdateBody,
} from '../../../common/users.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { type AuditEntry, recordAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { type Actor, auditEntry, type UsersDeps } from './context.ts';
import { lockUser, toListItem, type UserRow } from './rows.ts';

const GUARDS = {
  deactivateSelf: 'You cannot deactivate your own account.',
  demoteSelf: 'You cannot remove your own administrator role.',
  lastAdmin: 'At least one active administrator must remain.',
} as const;

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the User Management list, with the counts it shows. */
export async function listUsers(db: Executor, query: UserListQuery): Promise<UserList> {
  const search = query.search?.trim();
  // A deleted account stays only as its money records' anonymous holder: it is nobody to list.
  const kept = isNull(users.deletedAt);
  const where: SQL | undefined = search
    ? and(
        kept,
        or(ilike(users.username, likePattern(search)), ilike(users.email, likePattern(search))),
      )
    : kept;
  const [rows, [matching], [all]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset((query.page - 1) * USERS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
    db.select({ n: count() }).from(users).where(kept),
  ]);
  return {
    users: rows.map(toListItem),
    total: matching?.n ?? 0,
    allUsers: all?.n ?? 0,
    page: query.page,
    pageSize: USERS_PAGE_SIZE,
  };
}

/** Role and email changes by an admin; nobody removes their own or the last admin role. */
export async function updateUser(
  { db, sessions }: Pick<UsersDeps, 'db' | 'sessions'>,
  actor: Actor,
  userId: number,
  change: UserUpdateBody,
): Promise<UserListItem> {
  const row = await changeAccount(db, userId, async (tx, target) => {
    const entries: AuditEntry[] = [];
    if (change.role && change.role !== target.role) {
      if (target.role === 'admin') {
        if (userId === actor.id) throw badRequest(GUARDS.demoteSelf);
        await keepAnAdmin(tx, userId);
      }
      entries.push({
        ...auditEntry(actor, userId, 'user.role_changed'),
        details: { from: target.role, to: change.role },
      });
    }
    if (change.email !== undefined && change.email !== target.email) {
      entries.push({
        ...auditEntry(actor, userId, 'user.email_changed'),
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
  await sessions.forgetUser(userId);
  return toListItem(row);
}

/**
 * Deactivate User: login refused, every session (and API key) ends at once in every process,
 * the form link answers Form Not Found; nothing of the account's data is deleted.
 */
export async function setUserActive(
  { db, sessions }: Pick<UsersDeps, 'db' | 'sessions'>,
  actor: Actor,
  userId: number,
  active: boolean,
): Promise<UserListItem> {
  const row = await changeAccount(db, userId, async (tx, target) => {
    if (target.isActive === active) return target;
    if (!active) {
      if (userId === actor.id) throw badRequest(GUARDS.deactivateSelf);
      if (target.role === 'admin') await keepAnAdmin(tx, userId);
    }
    const [updated] = await tx
      .update(users)
      .set({ isActive: active, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    await recordAudit(
      tx,
      auditEntry(actor, userId, active ? 'user.reactivated' : 'user.deactivated'),
    );
    return updated ?? target;
  });
  if (!active) await sessions.revokeUser(userId);
  return toListItem(row);
}

/**
 * Runs an admin's change to one account in a transaction that first locks the active admins'
 * rows, always in the same order, then the account's row: two admins taking each other's role
 * or account away at once then run one after the other (rather than deadlock), and the second
 * sees the first's change.
 */
export function changeAccount<T>(
  db: Db,
  userId: number,
  change: (tx: Tx, target: UserRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockAdmins(tx);
    return change(tx, await lockUser(tx, userId));
  });
}

async function lockAdmins(tx: Executor): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(users.id)
    .for('update');
}

/** Refuses to take the last active admin away (inside changeAccount, which locks them). */
export async function keepAnAdmin(
  tx: Executor,
  leavingId: number,
  refuse: () => Error = () => badRequest(GUARDS.lastAdmin),
): Promise<void> {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), ne(users.id, leavingId)))
    .limit(1);
  if (others.length === 0) throw refuse();
}
