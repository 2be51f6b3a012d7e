/**
 * The one vocabulary for a customer's utility login: the admin table, the admin detail and the
 * owner's dashboard all name a state with the label given here, so that one state never reads
 * as two ("Not checked" in one place, "Not Verified" in another).
 */
export const CREDENTIALS_STATES = [
  'purged',
  'none',
  'verified',
  'failed',
  'unchecked',
  'checking',
] as const;
export type CredentialsStateId = (typeof CREDENTIALS_STATES)[number];

export const CREDENTIALS_LABELS = {
  /** The login was deleted (the connection is complete, or it was kept too long). */
  purged: 'Purged',
  /** The customer gave no login. */
  none: 'No credentials',
  verified: 'Verified',
  /** The portal refused the login. */
  failed: 'Failed',
  /** The check ran but could not judge (no login page, no browser): an admin checks by hand. */
  unchecked: 'Not checked',
  /** No check has answered yet. */
  checking: 'Checking…',
} as const satisfies Record<CredentialsStateId, string>;

export type CredentialsLabel = (typeof CREDENTIALS_LABELS)[CredentialsStateId];

/**
 * What the connection's owner reads beside a failed or unchecked login, in place of the check's
 * own message, which is written for admins (host names, error codes, the provider's selectors).
 */
export const OWNER_CREDENTIALS_NOTES = {
  failed:
    'The utility did not accept the login your client entered. They were asked to enter it again; you can also email them a new link.',
  unchecked:
    'We could not check this login automatically yet. We keep trying, and our team checks it by hand if needed.',
} as const satisfies Partial<Record<CredentialsStateId, string>>;

/** What a connection says about its login; the login itself is never part of it. */
export type CredentialsFields = {
  hasCredentials: boolean;
  credentialsPurgedAt: string | null;
  credentialsVerified: boolean | null;
  verificationMessage: string | null;
};

/**
 * A purged login comes first: it is gone whatever a check once said. Without a verdict, a
 * message means the check ran and could not judge; no message means it has not run yet.
 */
export function credentialsStateOf(connection: CredentialsFields): CredentialsStateId {
  if (connection.credentialsPurgedAt) return 'purged';
  if (!connection.hasCredentials) return 'none';
  if (connection.credentialsVerified === true) return 'verified';
  if (connection.credentialsVerified === false) return 'failed';
  return connection.verificationMessage ? 'unchecked' : 'checking';
}

export const credentialsLabel = (connection: CredentialsFields): CredentialsLabel =>
  CREDENTIALS_LABELS[credentialsStateOf(connection)];
