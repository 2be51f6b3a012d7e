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
 * The Add User form checked with the server's own schema, so it says what the server would
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
    // One's own account is deleted from Your Account, where the password confirms it.
    canDelete: !self,
  };
}
