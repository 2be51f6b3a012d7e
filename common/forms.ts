import { z } from 'zod';
import { rowId } from './api.ts';

/**
 * GET /api/form-owner/:uniqueFormUrl, the public form's header: the words the form uses for
 * the link's owner (their company name, or neutral words), and their logo's address. Never the
 * username, which is also their sign-in name.
 */
export const FormOwner = z.object({
  displayName: z.string(),
  companyName: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type FormOwner = z.infer<typeof FormOwner>;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optional = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max).nullable().optional(),
  );

/**
 * POST /api/form/:uniqueFormUrl: the customer's contact details and utility login, their
 * consent, and an idempotency key.
 */
export const CustomerSubmission = z.object({
  name: required('Name', 200),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Please enter a valid email address').max(254)),
  phone: optional(40),
  address: required('Service address', 500),
  providerId: rowId('Please choose your utility provider'),
  username: required('Utility username', 200),
  password: z
    .string({ error: 'Utility password is required' })
    .min(1, 'Utility password is required')
    .max(200),
  notes: optional(2000),
  /** The customer's authorization to log in to their utility account; refused without it. */
  consent: z.literal(true, {
    error: 'Please tick the box to authorize access to your utility account',
  }),
  /** Generated once per filled-in form, so a double-clicked submit creates one connection. */
  submissionKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type CustomerSubmission = z.infer<typeof CustomerSubmission>;

export const SubmissionResult = z.object({
  id: z.number().int(),
  status: z.string(),
  /** The token of the submission's code page (/form/code/:token), where the customer answers
   * their utility's one-time code request if the portal makes one; the confirmation screen also
   * reads the login check with it (/api/login-check/:token). */
  codeToken: z.string(),
});
