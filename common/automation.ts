import { z } from 'zod';
import { rowId } from './api.ts';

/** Browser automation: an admin's selector detection and Test Login on a provider's portal. */

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const loginUrl = z
  .string({ error: 'Enter the login URL' })
  .trim()
  .min(1, 'Enter the login URL')
  .pipe(
    z.url({ protocol: /^https?$/, message: 'Login URL must be a valid http(s) URL' }).max(2000),
  );

const selector = z.preprocess(
  emptyAsUndefined,
  z.string().trim().max(500, 'Selectors must be at most 500 characters').optional(),
);

/** At most this many clicks before the login form: a consent banner, then what reveals the form. */
export const PRE_LOGIN_STEP_LIMIT = 5;

/**
 * A click made on the login page before the form is filled: a consent banner dismissed, or the
 * radio, tab, link or button that shows a sign-in form hidden until it is chosen. `text` is the
 * control's words as the page showed them, for the admin; a step whose control is not on the
 * page at the next login is passed over.
 */
export const PreLoginStep = z.object({
  action: z.enum(['click', 'check']),
  selector: z.string().trim().min(1).max(500, 'Selectors must be at most 500 characters'),
  text: z.string().max(200),
  why: z.enum(['consent', 'reveal']),
});
export type PreLoginStep = z.infer<typeof PreLoginStep>;

export const PreLoginSteps = z
  .array(PreLoginStep)
  .max(PRE_LOGIN_STEP_LIMIT, `At most ${PRE_LOGIN_STEP_LIMIT} steps before the login form`);

export const DetectSelectorsBody = z.object({ loginUrl });
export type DetectSelectorsBody = z.infer<typeof DetectSelectorsBody>;

/** `identifier-first`: the username and a Continue button, then the password on a second step. */
export const LoginFlow = z.enum(['single-page', 'identifier-first']);
export type LoginFlow = z.infer<typeof LoginFlow>;

/** One screen of the login: the fields filled on it and the control that moves on. */
const LoginStep = z.object({
  usernameSelector: z.string().nullable(),
  passwordSelector: z.string().nullable(),
  submitSelector: z.string().nullable(),
});

/**
 * Candidates per field, best first (at most 3 each), every one matching exactly one element.
 * A selector inside an iframe is written `<iframe selector> >> <selector inside it>`.
 */
export const DetectedSelectors = z.object({
  usernameSelectors: z.array(z.string()),
  passwordSelectors: z.array(z.string()),
  submitSelectors: z.array(z.string()),
  /** The Continue button of an identifier-first login's first step; empty otherwise. */
  continueSelectors: z.array(z.string()),
});
export type DetectedSelectors = z.infer<typeof DetectedSelectors>;

export const SelectorDetection = z.object({
  success: z.boolean(),
  message: z.string(),
  loginFlow: LoginFlow.nullable(),
  selectors: DetectedSelectors,
  steps: z.array(LoginStep),
  /** What was clicked before the form showed (a consent banner, a tab, a radio...), in order. */
  preLoginSteps: z.array(PreLoginStep).optional(),
});
export type SelectorDetection = z.infer<typeof SelectorDetection>;

/** Test a saved provider (`providerId`), or a login page not saved yet (`loginUrl`, selectors). */
export const VerifyCredentialsBody = z
  .object({
    providerId: rowId('Invalid provider id').optional(),
    loginUrl: z.preprocess(emptyAsUndefined, loginUrl.optional()),
    usernameSelector: selector,
    passwordSelector: selector,
    submitSelector: selector,
    /** Retrieval settings as they stand in the form (empty: detected on the portal). */
    billsPage: selector,
    usagePage: selector,
    exportControl: selector,
    /** The clicks before the form, as the form holds them (a saved provider uses its own). */
    preLoginSteps: PreLoginSteps.optional(),
    username: z
      .string({ error: 'Enter the username to test' })
      .min(1, 'Enter the username to test')
      .max(200),
    password: z
      .string({ error: 'Enter the password to test' })
      .min(1, 'Enter the password to test')
      .max(200),
  })
  .refine((body) => body.providerId !== undefined || body.loginUrl !== undefined, {
    message: 'Choose a provider or enter a login URL',
  });
export type VerifyCredentialsBody = z.infer<typeof VerifyCredentialsBody>;

const LOGIN_OUTCOMES = [
  'success',
  'invalid_credentials',
  'account_locked',
  'mfa_required',
  'captcha',
  'portal_unavailable',
  'navigation_failed',
] as const;
export const LoginOutcome = z.enum(LOGIN_OUTCOMES);
export type LoginOutcome = z.infer<typeof LoginOutcome>;

/** What a signed-in test found on the portal for the automated retrieval (nothing is kept). */
export const RetrievalFindings = z.object({
  bills: z.array(z.object({ fileName: z.string(), page: z.string() })),
  intervalExport: z.object({ fileName: z.string(), page: z.string() }).nullable(),
  notes: z.array(z.string()),
});
export type RetrievalFindings = z.infer<typeof RetrievalFindings>;

export const CredentialTestResult = z.object({
  success: z.boolean(),
  /** What happened and who must act; shown in the Credentials Invalid panel on failure. */
  message: z.string(),
  outcome: LoginOutcome,
  /** After a successful login: the bills and the export the retrieval would fetch. */
  retrieval: RetrievalFindings.optional(),
});
export type CredentialTestResult = z.infer<typeof CredentialTestResult>;

/** POST /api/connections/:id/retrieve: the retrieval is queued. */
export const RetrievalRequested = z.object({ message: z.string() });
export type RetrievalRequested = z.infer<typeof RetrievalRequested>;

export const RETRIEVAL_QUEUED =
  "Retrieval started: the service signs in to the customer's portal and fetches the bills and the interval data. This page shows what was found.";
export const RETRIEVAL_NEEDS_LOGIN =
  "The customer's utility login is no longer stored (purged or completed). Ask the customer to submit the form again, or upload the files by hand.";
