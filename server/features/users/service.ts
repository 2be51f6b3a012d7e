import type { RegisterBody } from '../../../common/api.ts';
import type { BusinessProfile, BusinessProfileBody } from '../../../common/business.ts';
import type { FormOwner } from '../../../common/forms.ts';
import type {
  NewUserBody,
  PasswordTokenInfo,
  UserActionResult,
  UserList,
  UserListItem,
  UserListQuery,
  UserUpdateBody,
} from '../../../common/users.ts';
import {
  formLogo,
  formOwner,
  readBusiness,
  removeLogo,
  replaceLogo,
  updateBusiness,
} from './business.ts';
import type { Actor, UsersDeps } from './context.ts';
import { deleteOwnAccount, deleteUserAccount } from './deletion.ts';
import { ensureFirstAdmin } from './first-admin.ts';
import { addUser, sendPasswordLink } from './invitations.ts';
import { listUsers, setUserActive, updateUser } from './management.ts';
import {
  changeEmail,
  changePassword,
  checkLink,
  forgotPassword,
  setPasswordWithLink,
} from './own-account.ts';
import type { LinkPurpose } from './password-links.ts';
import { createUser, findUserByUsername, stampSignIn, type UserRow } from './rows.ts';

// The rows other features read or write through this feature (billing keeps the Stripe ids and
// the plan here; the tests' factories insert users).
export {
  attachStripeCustomer,
  createUser,
  findUserById,
  findUserByStripeCustomer,
  setPaymentMethod,
  toApiUser,
  type UserRow,
} from './rows.ts';

/**
 * Accounts: the admin's User Management (list, add, links, roles, deactivation), the one-time
 * password links, the signed-in user's own password, email and business identity, and the rows
 * sign-in and the customer form read. The users feature owns the `users` and `password_tokens` tables; every
 * admin action is written to the audit log.
 */
export class UsersService {
  constructor(private readonly deps: UsersDeps) {}

  // User Management (admins)

  list(query: UserListQuery): Promise<UserList> {
    return listUsers(this.deps.db, query);
  }

  create(actor: Actor, input: NewUserBody): Promise<UserActionResult> {
    return addUser(this.deps, actor, input);
  }

  sendLink(actor: Actor, userId: number, purpose: LinkPurpose): Promise<UserActionResult> {
    return sendPasswordLink(this.deps, actor, userId, purpose);
  }

  update(actor: Actor, userId: number, change: UserUpdateBody): Promise<UserListItem> {
    return updateUser(this.deps, actor, userId, change);
  }

  setActive(actor: Actor, userId: number, active: boolean): Promise<UserListItem> {
    return setUserActive(this.deps, actor, userId, active);
  }

  /**
   * Deletes someone else's account (its username typed to confirm): unusable at once, its data
   * erased by a job, its money records kept without a name.
   */
  delete(actor: Actor, userId: number, typedUsername: string): Promise<void> {
    return deleteUserAccount(this.deps, actor, userId, typedUsername);
  }

  // The account holder's own password, email and account

  forgotPassword(identifier: string, ip?: string): Promise<void> {
    return forgotPassword(this.deps, identifier, ip);
  }

  checkLink(token: string): Promise<PasswordTokenInfo> {
    return checkLink(this.deps.db, token);
  }

  setPasswordWithLink(token: string, password: string, ip?: string): Promise<void> {
    return setPasswordWithLink(this.deps, token, password, ip);
  }

  changePassword(
    user: UserRow,
    input: { currentPassword: string; newPassword: string },
    context: { sessionToken?: string; ip?: string },
  ): Promise<void> {
    return changePassword(this.deps, user, input, context);
  }

  changeEmail(
    user: UserRow,
    input: { email: string; currentPassword: string },
    ip?: string,
  ): Promise<UserRow> {
    return changeEmail(this.deps, user, input, ip);
  }

  /** The signed-in user deletes their own account, confirmed by their password. */
  deleteOwn(user: UserRow, password: string, ip?: string): Promise<void> {
    return deleteOwnAccount(this.deps, user, password, ip);
  }

  // Sign-up, sign-in and the customer form

  /** A new account of the `user` role, with the password its holder chose. */
  register(input: RegisterBody): Promise<UserRow> {
    return createUser(this.deps.db, { ...input, role: 'user' });
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return findUserByUsername(this.deps.db, username);
  }

  recordSignIn(userId: number): Promise<void> {
    return stampSignIn(this.deps.db, userId);
  }

  // The business identity customers see (company name, logo, reply-to address)

  business(userId: number): Promise<BusinessProfile> {
    return readBusiness(this.deps.db, userId);
  }

  updateBusiness(actor: Actor, change: BusinessProfileBody): Promise<BusinessProfile> {
    return updateBusiness(this.deps, actor, change);
  }

  replaceLogo(actor: Actor, bytes: Uint8Array): Promise<BusinessProfile> {
    return replaceLogo(this.deps, actor, bytes);
  }

  removeLogo(actor: Actor): Promise<BusinessProfile> {
    return removeLogo(this.deps, actor);
  }

  /**
   * How the public form names the active owner of a link (404 Form not found without one): their
   * company name and logo, or neutral words. Never the username: it is half of a sign-in.
   */
  formOwner(uniqueFormUrl: string): Promise<FormOwner> {
    return formOwner(this.deps.db, uniqueFormUrl);
  }

  /** The logo the form of a link shows (404 without one). */
  formLogo(uniqueFormUrl: string): Promise<{ bytes: Uint8Array; contentType: string }> {
    return formLogo(this.deps, uniqueFormUrl);
  }

  /** At start-up: the configured administrator, or a first one when there is none. */
  ensureFirstAdmin(configured: { username: string; password: string } | undefined) {
    return ensureFirstAdmin(this.deps, configured);
  }
}
