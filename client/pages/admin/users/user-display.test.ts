import { confirmsUsername, type UserListItem } from '@common/users.ts';
import { describe, expect, it } from 'vitest';
import { checkNewUser, EMPTY_NEW_USER, formatWhen, rowActions } from './user-display.ts';

describe('checkNewUser', () => {
  it('asks for the required fields and a valid email with the server’s texts', () => {
    expect(checkNewUser(EMPTY_NEW_USER)).toEqual({
      ok: false,
      message: 'Please fill in all required fields',
    });
    expect(checkNewUser({ ...EMPTY_NEW_USER, username: 'pat' })).toEqual({
      ok: false,
      message: 'Please fill in all required fields',
    });
    expect(checkNewUser({ ...EMPTY_NEW_USER, username: 'pat', email: 'pat@' })).toEqual({
      ok: false,
      message: 'Please enter a valid email address',
    });
  });

  it('trims and passes a complete form, keeping role and Send credentials', () => {
    expect(
      checkNewUser({
        username: ' pat ',
        email: ' pat@example.com ',
        role: 'admin',
        sendCredentials: false,
      }),
    ).toEqual({
      ok: true,
      body: { username: 'pat', email: 'pat@example.com', role: 'admin', sendCredentials: false },
    });
  });
});

describe('display', () => {
  it('formats times and says Never for no sign-in', () => {
    expect(formatWhen(null)).toBe('Never');
    expect(formatWhen('2026-11-24T14:05:00Z', 'UTC')).toBe('Nov 24, 2026, 2:05 PM');
  });
});

describe('rowActions', () => {
  const user: UserListItem = {
    id: 7,
    username: 'pat',
    email: null,
    role: 'admin',
    planType: 'free',
    hasPaymentMethod: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    lastSignInAt: null,
    isActive: true,
  };

  it('never offers an admin to deactivate, demote or delete themselves', () => {
    expect(rowActions(user, 7)).toEqual({
      canSendLinks: true,
      canChangeRole: false,
      canDeactivate: false,
      canReactivate: false,
      canDelete: false,
    });
    expect(rowActions(user, 1).canDeactivate).toBe(true);
    expect(rowActions(user, 1).canDelete).toBe(true);
  });

  it('offers only Reactivate, roles and Delete on a deactivated account', () => {
    expect(rowActions({ ...user, isActive: false }, 1)).toEqual({
      canSendLinks: false,
      canChangeRole: true,
      canDeactivate: false,
      canReactivate: true,
      canDelete: true,
    });
  });
});

describe('confirmsUsername (Delete User)', () => {
  it('takes the username as typed, in any case and with stray spaces', () => {
    expect(confirmsUsername('Pat.Smith', 'pat.smith')).toBe(true);
    expect(confirmsUsername('  pat.smith ', 'pat.smith')).toBe(true);
  });

  it('refuses anything else: empty, a part of it, another name', () => {
    expect(confirmsUsername('', 'pat.smith')).toBe(false);
    expect(confirmsUsername('pat', 'pat.smith')).toBe(false);
    expect(confirmsUsername('pat.smith2', 'pat.smith')).toBe(false);
  });
});
