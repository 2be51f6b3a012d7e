import type { LoginOutcome } from '../../../common/automation.ts';
import type { PageSignals } from './page-types.ts';

/**
 * A decided login result; `detail` is the portal's own words or what went wrong.
 * `staleSelectors`: the shipped selectors no longer matched the page, whose form was detected.
 */
export type Classified = { outcome: LoginOutcome; detail?: string; staleSelectors?: true };

/** Said to the admin before the verdict of a test whose shipped selectors are out of date. */
export const STALE_SELECTORS_NOTE =
  'The sign-in page no longer matches the known selectors shipped for this utility (its username field is not there), so the form was detected on the page instead. Run Analyze and save the selectors it finds.';

const LOCKED =
  /\b(account|user ?id|profile|login)\b[^.]{0,40}\b(locked|disabled|suspended|deactivated|blocked)\b|\btoo many (failed |unsuccessful |invalid |incorrect )?(sign[- ]?in |log[- ]?in |login )?attempts\b|\blocked out\b/;
const MFA =
  /verification code|security code|one[- ]time (pass ?code|password|code)|\b(two|2)[- ]?(step|factor)\b|multi[- ]?factor|\bmfa\b|authenticator app|enter the (\d[- ]digit )?code|we (just )?sent (you )?a (\d[- ]digit )?code|verify (it'?s you|your identity)/;
const INVALID =
  /\b(invalid|incorrect|wrong|unrecogni[sz]ed)\b|\b(incorrect[oae]s?|inv[aá]lid[oa]s?|invalides?|erron[ée]e?s?|err[oó]ne[oa]s?)\b|(did ?n[o']t|does ?n[o']t|do not) match|not (recogni[sz]ed|valid)|\b(log ?in|sign[- ]?in|authentication) (failed|unsuccessful|error)|(couldn'?t|could not|cannot|can'?t|unable to) (find|sign|log|verify)|no account (was )?(found|exists)|account (was )?not found|not registered/;
const UNAVAILABLE =
  /(temporarily|currently) (unavailable|down|offline)|service unavailable|under maintenance|scheduled maintenance|maintenance (window|mode|in progress)|(site|system|portal|service|website) is (currently )?(down|offline|unavailable)|internal server error|bad gateway|gateway time-?out|try again later/;
const SIGNED_IN =
  /\b(sign|log) ?out\b|\bmy account\b|\bdashboard\b|\bwelcome\b|\baccount (summary|overview)\b|\bbilling history\b|\bmy usage\b/;

const first = (lines: string[], pattern: RegExp) =>
  lines.find((l) => pattern.test(l.toLowerCase()));

/**
 * What a page says after the login was submitted, from the text that appeared since (`fresh`)
 * and what is on screen. Null while nothing conclusive shows.
 */
export function classifyPage(
  fresh: string[],
  signals: PageSignals,
  mainStatus: number | undefined,
): Classified | null {
  if (signals.captcha) return { outcome: 'captcha' };
  const locked = first(fresh, LOCKED);
  if (locked) return { outcome: 'account_locked', detail: locked };
  const signedIn = first(fresh, SIGNED_IN);
  const mfa = first(fresh, MFA);
  if (signals.otpField || (mfa && !signedIn)) return { outcome: 'mfa_required', detail: mfa };
  const invalid = first(fresh, INVALID);
  if (invalid) return { outcome: 'invalid_credentials', detail: invalid };
  const down = first(fresh, UNAVAILABLE);
  if (down || (mainStatus !== undefined && mainStatus >= 500)) {
    return { outcome: 'portal_unavailable', detail: down ?? `HTTP ${mainStatus}` };
  }
  if (signedIn && !signals.visiblePassword) return { outcome: 'success' };
  return null;
}

/** Why a login page shows no form: a captcha, a maintenance notice, or nothing we know. */
export function classifyMissingForm(signals: PageSignals, missing: string): Classified {
  if (signals.captcha) return { outcome: 'captcha' };
  const down = first(signals.lines, UNAVAILABLE);
  if (down) return { outcome: 'portal_unavailable', detail: down };
  return { outcome: 'navigation_failed', detail: missing };
}

export type Verdict = {
  success: boolean;
  message: string;
  /** What the connection records: true, false, or null when the login could not be judged. */
  credentialsVerified: boolean | null;
  /** The background check is tried again: the portal was down or slow, and more tries remain. */
  transient: boolean;
};

/**
 * Who must act, per outcome. `job`: a background check the queue retries when the portal is
 * down; `last-job`: its last try; `test`: an admin's Test Login.
 */
export function verdictFor(result: Classified, context: 'job' | 'last-job' | 'test'): Verdict {
  const said = result.detail ? ` (the portal says: “${result.detail}”)` : '';
  const because = result.detail ? ` (${result.detail})` : '';
  const later = {
    job: 'Nobody needs to act now: the check is retried automatically, and if the portal stays down an admin will check the login by hand.',
    'last-job':
      'It did not answer on any of the automatic tries, so they have stopped. An admin must check the login by hand.',
    test: 'Try again later.',
  }[context];
  const table: Record<LoginOutcome, [string, boolean | null]> = {
    success: ['Signed in to the utility portal. No action needed.', true],
    invalid_credentials: [
      `The utility portal did not accept this username and password${said}. The customer must check their login details and submit the form again.`,
      false,
    ],
    account_locked: [
      `The utility account is locked or disabled${said}. The customer must unlock it with the utility (usually by resetting the password), then submit the form again.`,
      false,
    ],
    mfa_required: [
      `The portal accepted the login but asks for a verification code sent to the customer${said}. An admin must arrange the code with the customer, or the customer must turn off two-step verification.`,
      false,
    ],
    captcha: [
      'The portal asks for a human check (a captcha), so this portal needs a person: the service never solves or gets around one, and says nothing of the login. An admin must sign in by hand and get the data.',
      null,
    ],
    portal_unavailable: [`The utility portal is not responding${because}. ${later}`, null],
    navigation_failed: [
      `The login could not be completed on the provider's page${because}. An admin must check the provider's login URL and selectors.`,
      null,
    ],
  };
  const [verdict, credentialsVerified] = table[result.outcome];
  // Selectors are the admin's business: only their own test says the shipped ones are stale.
  const message =
    context === 'test' && result.staleSelectors ? `${STALE_SELECTORS_NOTE} ${verdict}` : verdict;
  return {
    success: result.outcome === 'success',
    message,
    credentialsVerified,
    transient: result.outcome === 'portal_unavailable' && context === 'job',
  };
}
