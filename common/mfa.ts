import { z } from 'zod';

/**
 * The customer's side of a portal's one-time code (multi-factor authentication): the page at
 * /form/code/:token, also shown on the form's success screen when the portal asks at once.
 */
const MfaStatus = z.enum([
  /** No code is asked for (yet, or any more). */
  'none',
  'waiting_choice',
  'waiting_code',
  'checking',
  'succeeded',
  'failed',
  'expired',
]);

export const MfaChallengeView = z.object({
  status: MfaStatus,
  providerName: z.string().nullable(),
  /** Where the portal offers to send the code, when it lets the customer choose. */
  options: z.array(z.string()),
  expiresAt: z.iso.datetime().nullable(),
  /** What happened, in words for the customer. */
  message: z.string().nullable(),
});
export type MfaChallengeView = z.infer<typeof MfaChallengeView>;

export const MfaToken = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid'),
});

export const MfaChoiceBody = z.object({
  option: z.string({ error: 'Choose where to receive the code' }).min(1).max(200),
});
export type MfaChoiceBody = z.infer<typeof MfaChoiceBody>;

export const MfaCodeBody = z.object({
  code: z
    .string({ error: 'Enter the code' })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9]{4,10}$/, 'Enter the code as it was sent: 4 to 10 letters or digits'),
    ),
});
export type MfaCodeBody = z.infer<typeof MfaCodeBody>;

export const MFA_TEXT = {
  notWaiting: 'No code is needed right now. If your utility sent you one, it may have expired.',
  choose: 'Your utility asks where to send a verification code. Choose one:',
  enter: 'Enter the verification code your utility just sent you.',
  checking: 'Checking the code with your utility...',
  succeeded: 'Thank you: your utility account is connected. You can close this page.',
  wrongCode:
    'Your utility did not accept this code. Nothing else is needed from you now: we will contact you if we need a new code.',
  expired:
    'The time to enter the code has run out. Nothing else is needed from you now: we will contact you if we need a new code.',
  tooLate: 'The code can no longer be entered: the sign-in has ended.',
} as const;
