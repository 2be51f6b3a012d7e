import type { Connection, ConnectionStatus } from '@common/connections.ts';

/** SPEC section 4: underscores shown as spaces ("in progress"). */
export function statusLabel(status: ConnectionStatus): string {
  return status.replaceAll('_', ' ');
}

/** SPEC section 4: complete green, in_progress yellow, pending grey. */
export const STATUS_CLASSES: Record<ConnectionStatus, string> = {
  complete: 'bg-emerald-100 text-emerald-800',
  in_progress: 'bg-amber-100 text-amber-800',
  pending: 'bg-slate-100 text-slate-700',
};

export type CredentialsTone = 'good' | 'bad' | 'waiting' | 'neutral';

export type CredentialsState = {
  label: 'Verified' | 'Failed' | 'Not checked' | 'Checking…' | 'Purged' | 'No credentials';
  tone: CredentialsTone;
  /** Why a check failed or could not run, or when the login was deleted. */
  detail: string | null;
};

/**
 * What the owner may know about the customer's utility login (never the login itself): a
 * purged login says so first, since that is what protects the customer now.
 */
export function credentialsState(
  connection: Pick<
    Connection,
    'hasCredentials' | 'credentialsPurgedAt' | 'credentialsVerified' | 'verificationMessage'
  >,
): CredentialsState {
  if (connection.credentialsPurgedAt) {
    return {
      label: 'Purged',
      tone: 'neutral',
      detail: `Deleted on ${formatDate(connection.credentialsPurgedAt)}`,
    };
  }
  if (!connection.hasCredentials) return { label: 'No credentials', tone: 'neutral', detail: null };
  if (connection.credentialsVerified === true) {
    return { label: 'Verified', tone: 'good', detail: null };
  }
  if (connection.credentialsVerified === false) {
    return { label: 'Failed', tone: 'bad', detail: connection.verificationMessage };
  }
  // No verdict with a message: the check ran but could not judge the login (no login page, no
  // browser); an admin checks by hand. No verdict and no message: the check has not run yet.
  if (connection.verificationMessage) {
    return { label: 'Not checked', tone: 'neutral', detail: connection.verificationMessage };
  }
  return { label: 'Checking…', tone: 'waiting', detail: null };
}

/** SPEC section 9: sizes shown to users in MB with one decimal. */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  if (bytes > 0 && megabytes < 0.05) return '< 0.1 MB';
  return `${megabytes.toFixed(1)} MB`;
}

const shortDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** "Nov 22, 2024" for a timestamp, in the viewer's time zone. */
export function formatDate(iso: string): string {
  return shortDate.format(new Date(iso));
}

const calendarDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "Sep 1, 2024 – Sep 30, 2024" for a billing period; either end may still be unknown. */
export function formatPeriod(startDate: string | null, endDate: string | null): string | null {
  if (!startDate && !endDate) return null;
  const day = (value: string | null) =>
    value ? calendarDate.format(new Date(`${value}T00:00:00Z`)) : '?';
  return `${day(startDate)} – ${day(endDate)}`;
}
