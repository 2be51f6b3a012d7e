import { z } from 'zod';

/**
 * Each utility's health: how often the service signs in to its portal and brings back the data,
 * read from every sign-in and retrieval made for customers (an admin's Test Login is not one).
 */

/** A utility whose sign-in or retrieval succeeds less often than this over 7 days is flagged. */
export const HEALTH_FLAG_RATE = 0.5;
/** ...once it has at least this many tries in those 7 days: one failure on a new utility is not a trend. */
export const HEALTH_FLAG_MIN_ATTEMPTS = 3;
/** The two windows the figures are given over. */
export const HEALTH_WINDOWS_DAYS = [7, 30] as const;

/** What went wrong, as a short code recorded with the attempt. */
export const FAILURE_REASONS = {
  invalid_credentials: 'The portal refused the customer’s username or password',
  account_locked: 'The portal says the customer’s account is locked',
  mfa_required: 'The portal asked for a code nobody could give',
  captcha: 'The portal asked for a human check (a captcha)',
  portal_unavailable: 'The portal did not respond in time',
  navigation_failed: 'The sign-in page did not work with the saved settings',
  wrong_code: 'The portal did not accept the customer’s code',
  no_code: 'The customer did not enter the code in time',
  no_choice: 'The customer did not choose where to get the code in time',
  unreadable: 'The portal asked for a code in a way the service cannot handle',
  incomplete: 'The bills or the usage export were not found',
  human_check: 'A page on the way asked for a human check (a captcha)',
  timed_out: 'The walk through the portal took too long',
} as const;
export type FailureReason = keyof typeof FAILURE_REASONS;

/** The figures over one window; a rate or share is null when there was nothing to count. */
export const HealthWindow = z.object({
  days: z.number().int(),
  signIns: z.number().int(),
  /** Signed in / sign-ins, 0 to 1. */
  signInRate: z.number().nullable(),
  retrievals: z.number().int(),
  /** Retrievals that brought back the bills and the usage export / retrievals, 0 to 1. */
  retrievalRate: z.number().nullable(),
  /** Sign-ins on which the portal asked for a one-time code / sign-ins, 0 to 1. */
  codeShare: z.number().nullable(),
  /** Median seconds from the customer's submission to the retrieved data. */
  medianSecondsToData: z.number().nullable(),
});
export type HealthWindow = z.infer<typeof HealthWindow>;

export const HealthFlag = z.enum(['sign_in_failing', 'retrieval_failing']);
export type HealthFlag = z.infer<typeof HealthFlag>;

export const ProviderHealth = z.object({
  providerId: z.number().int(),
  providerName: z.string(),
  windows: z.array(HealthWindow),
  lastFailure: z
    .object({
      kind: z.enum(['sign_in', 'retrieval']),
      at: z.iso.datetime(),
      /** In plain words. */
      reason: z.string(),
      /** The portal's own words or the walk's notes: for admins only. */
      detail: z.string().nullable(),
    })
    .nullable(),
  flags: z.array(HealthFlag),
  /** The flags in words. */
  why: z.array(z.string()),
});
export type ProviderHealth = z.infer<typeof ProviderHealth>;

export const ProvidersHealth = z.object({ providers: z.array(ProviderHealth) });
export type ProvidersHealth = z.infer<typeof ProvidersHealth>;

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** Which of a utility's 7-day rates are low enough to flag, with why in plain words. */
export function healthFlags(week: HealthWindow): { flags: HealthFlag[]; why: string[] } {
  const flags: HealthFlag[] = [];
  const why: string[] = [];
  const low = (rate: number | null, tries: number) =>
    rate !== null && tries >= HEALTH_FLAG_MIN_ATTEMPTS && rate < HEALTH_FLAG_RATE;
  if (low(week.signInRate, week.signIns)) {
    flags.push('sign_in_failing');
    why.push(
      `Signing in works only ${percent(week.signInRate ?? 0)} of the time (${week.signIns} tries in ${week.days} days): check the sign-in settings`,
    );
  }
  if (low(week.retrievalRate, week.retrievals)) {
    flags.push('retrieval_failing');
    why.push(
      `Retrieval brings back the data only ${percent(week.retrievalRate ?? 0)} of the time (${week.retrievals} tries in ${week.days} days): check the retrieval settings or upload by hand`,
    );
  }
  return { flags, why };
}

/** "83%" or "—" when nothing was counted. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : percent(rate);
}

/** "3 h 20 min", "2 days 4 h", or "—". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${Math.max(1, minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days ${hours % 24} h`;
}
