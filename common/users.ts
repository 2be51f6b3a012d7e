import { z } from 'zod';
import { newPassword, PlanType, Role } from './api.ts';
import { REQUIRED_FIELDS_MESSAGE } from './providers.ts';

/** User Management (the admins' list and its row actions), account recovery and the profile. */

/** No control characters (a NUL byte cannot even be stored in PostgreSQL text). */
const printable = (v: string) => !/\p{Cc}/u.test(v);

const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const USERS_PAGE_SIZE = 20;

/** One row of the admin's All Users list. */
export const UserListItem = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: Role,
  planType: PlanType,
  hasPaymentMethod: z.boolean(),
  createdAt: z.iso.datetime(),
  lastSignInAt: z.iso.datetime().nullable(),
  isActive: z.boolean(),
});
export type UserListItem = z.infer<typeof UserListItem>;

export const UserListQuery = z.object({
  search: z
    .string()
    .trim()
    .max(100, 'Search text is at most 100 characters')
    .refine(printable, 'Search text must not contain control characters')
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

export const UserList = z.object({
  users: z.array(UserListItem),
  /** Users matching the search (All Users (n) shows the unfiltered total). */
  total: z.number().int(),
  /** Every user, whatever the search. */
  allUsers: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UserList = z.infer<typeof UserList>;

const requiredText = z
  .string({ error: REQUIRED_FIELDS_MESSAGE })
  .trim()
  .min(1, REQUIRED_FIELDS_MESSAGE);

const newUsername = requiredText
  .max(50, 'Username must be at most 50 characters')
  .regex(
    /^[\p{L}\p{N}._@-]+$/u,
    'Username may contain letters, digits, dots, dashes, underscores and @',
  );

const requiredEmail = requiredText.pipe(z.email(INVALID_EMAIL_MESSAGE).max(254));

/**
 * Add User: username and email are required; the role defaults to user, and the one-time
 * set-password link is emailed unless the admin chooses to hand it over themselves.
 */
export const NewUserBody = z.object({
  username: newUsername,
  email: requiredEmail,
  role: Role.default('user'),
  sendCredentials: z.boolean().default(true),
});
export type NewUserBody = z.input<typeof NewUserBody>;

/**
 * The answer to Add User, Send Credentials and Reset Password. `link` is the one-time link,
 * returned only when it was not emailed (sendCredentials off, or the user has no email), for
 * the admin to hand over; it is never shown again.
 */
export const UserActionResult = z.object({
  user: UserListItem,
  message: z.string(),
  emailed: z.boolean(),
  link: z.string().nullable(),
  expiresAt: z.iso.datetime().nullable(),
});
export type UserActionResult = z.infer<typeof UserActionResult>;

/** PATCH /api/users/:id: role and email changes by an admin. */
export const UserUpdateBody = z
  .object({
    role: Role.optional(),
    email: requiredEmail.optional(),
  })
  .refine((v) => v.role !== undefined || v.email !== undefined, 'Nothing to change');
export type UserUpdateBody = z.infer<typeof UserUpdateBody>;

/** The token of a one-time link (base64url of 32 bytes). */
const token = z
  .string({ error: 'This link is not valid. Ask for a new one.' })
  .trim()
  .min(1, 'This link is not valid. Ask for a new one.')
  .max(200, 'This link is not valid. Ask for a new one.')
  .refine(printable, 'This link is not valid. Ask for a new one.');

export const PASSWORD_LINK_MESSAGES = {
  unknown: 'This link is not valid. Ask for a new one.',
  used: 'This link has already been used. Ask for a new one.',
  expired: 'This link has expired. Ask for a new one.',
} as const;

export const PasswordTokenBody = z.object({ token });

/** What the set-password page shows before the password is chosen. */
export const PasswordTokenInfo = z.object({
  username: z.string(),
  purpose: z.enum(['set_password', 'reset_password']),
  expiresAt: z.iso.datetime(),
});
export type PasswordTokenInfo = z.infer<typeof PasswordTokenInfo>;

export const SetPasswordBody = z.object({ token, password: newPassword });
export type SetPasswordBody = z.infer<typeof SetPasswordBody>;

export const ForgotPasswordBody = z.object({
  identifier: z
    .string({ error: 'Please enter your username or email' })
    .trim()
    .min(1, 'Please enter your username or email')
    .max(254, 'Please enter your username or email')
    .refine(printable, 'Please enter your username or email'),
});
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** The one answer to Forgot password, whether or not the account exists (no enumeration). */
export const FORGOT_PASSWORD_ANSWER =
  'If an account matches, we have emailed a link to reset its password. The link works once, for 1 hour.';

export const ChangePasswordBody = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(256),
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const ChangeEmailBody = z.object({
  email: requiredEmail,
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(256),
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

export const DEACTIVATED_MESSAGE = 'This account has been deactivated. Contact your administrator.';

/**
 * DELETE /api/user: the signed-in user deletes their own account; their password confirms it
 * is them (a session left open on a shared computer is not enough).
 */
export const DeleteOwnAccountBody = z.object({
  password: z
    .string({ error: 'Enter your password to delete your account' })
    .min(1, 'Enter your password to delete your account')
    .max(256),
});
export type DeleteOwnAccountBody = z.infer<typeof DeleteOwnAccountBody>;

/**
 * DELETE /api/users/:id: an admin deletes someone's account, typing its username to confirm
 * which account goes (the list may have shifted under a click).
 */
export const DeleteUserBody = z.object({
  username: z
    .string({ error: 'Type the username of the account to delete it' })
    .trim()
    .min(1, 'Type the username of the account to delete it')
    .max(100),
});
export type DeleteUserBody = z.infer<typeof DeleteUserBody>;

/** Whether what was typed names the account (usernames are unique whatever their case). */
export const confirmsUsername = (typed: string, username: string) =>
  typed.trim().toLowerCase() === username.toLowerCase();

export const ACCOUNT_DELETED_MESSAGE =
  'The account was deleted. Its connections, files and reports are being removed now.';
