import { z } from 'zod';
import { CustomerSubmission } from './forms.ts';

/**
 * The customer's credential check, as their page shows it (GET /api/login-check/:token, the
 * token the form's answer gives, which is also the code page's):
 * - checking: the login is being tried now;
 * - signed_in: the portal let us in, there is nothing else to do;
 * - rejected / locked: the portal refused the username and password (locked: the account is
 *   locked or disabled at the utility); the customer can type them again;
 * - code: the portal asks for a one-time code (the code step takes over);
 * - later: the portal could not be reached, or the check cannot be done automatically: it is
 *   tried again, or someone looks at it;
 * - human: the portal asks for a human check (a captcha) on its sign-in or export page, which the
 *   service never solves: a person gets the data by hand.
 */
export const LoginCheckState = z.enum([
  'checking',
  'signed_in',
  'rejected',
  'locked',
  'code',
  'later',
  'human',
]);
export type LoginCheckState = z.infer<typeof LoginCheckState>;

export const LoginCheckView = z.object({
  state: LoginCheckState,
  providerName: z.string(),
  /** The username the customer typed, to prefill the fields when the login was refused. */
  username: z.string().nullable(),
});
export type LoginCheckView = z.infer<typeof LoginCheckView>;

/** The login typed again (on the form after a refusal, or on the emailed fix page). */
export const NewLoginBody = CustomerSubmission.pick({ username: true, password: true });
export type NewLoginBody = z.infer<typeof NewLoginBody>;

/** A page token: 43 base64url characters (32 random bytes, or an HMAC-SHA-256). */
export const CheckToken = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid'),
});

/**
 * GET /api/login-fix/:token, the emailed link to type a refused login again. `used`: it worked
 * once already; `expired`: too old, or a newer link was sent. `contact` says whom to ask then.
 */
export const FixLinkView = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('ready'),
    providerName: z.string(),
    username: z.string().nullable(),
    contact: z.string(),
  }),
  z.object({
    state: z.enum(['used', 'expired', 'replaced']),
    providerName: z.string(),
    contact: z.string(),
  }),
]);
export type FixLinkView = z.infer<typeof FixLinkView>;

/** POST /api/login-fix/:token: the token of the page that follows the new check. */
export const FixLinkAnswer = z.object({ checkToken: z.string() });

/** POST /api/connections/:id/fix-link: when the new link stops working. */
export const FixLinkSent = z.object({ sentTo: z.string(), expiresAt: z.iso.datetime() });

/** How long the page token of a submission works. */
export const CHECK_TOKEN_DAYS = 7;
/** How long an emailed fix link works. */
export const FIX_LINK_DAYS = 7;
