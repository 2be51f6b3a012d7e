import type { Role } from '@common/api.ts';
import { NewUserBody, type UserListItem } from '@common/users.ts';

export const ROLE_LABELS: Record<Role, string> = { user: 'User', admin: 'Administrator' };

/** "Nov 24, 2026, 2:05 PM" in the viewer's time zone; null (never signed in) as "Never". */
export function formatWhen(iso: string | null, timeZone?: string): string {
  if (!iso) return 'Never';
  return new Date(iso).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
}

/** "Showing 21 to 40 of 45 users" (or "No users" when the search matches none). */
export function rangeText(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return 'No users';
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first} to ${first + shown - 1} of ${total} users`;
}

export type NewUserValues = {
  username: string;
  email: string;
  role: Role;
  sendCredentials: boolean;
};

export const EMPTY_NEW_USER: NewUserValues = {
  username: '',
  email: '',
  role: 'user',
  sendCredentials: true,
};

/**
 * The Add User form checked with the server's own schema (SPEC section 5): the same texts
 * ("Please fill in all required fields", "Please enter a valid email address") before sending.
 */
export function checkNewUser(
  values: NewUserValues,
): { ok: true; body: NewUserValues } | { ok: false; message: string } {
  const parsed = NewUserBody.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Please check the form' };
}

/** What a row menu offers for a user, given who is looking. */
export function rowActions(user: UserListItem, selfId: number | undefined) {
  const self = user.id === selfId;
  return {
    canSendLinks: user.isActive,
    canChangeRole: !self,
    canDeactivate: user.isActive && !self,
    canReactivate: !user.isActive,
  };
}
