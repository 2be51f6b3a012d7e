import { z } from 'zod';
import { US_STATES } from './states.ts';

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

/** What anyone may see: the customer form lists these. */
export const PublicProvider = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.string(),
  url: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isActive: z.boolean(),
});
export type PublicProvider = z.infer<typeof PublicProvider>;

/** The admin's view, with the login page and the selectors the automation uses. */
export const Provider = PublicProvider.extend({
  loginUrl: z.string().nullable(),
  usernameSelector: z.string().nullable(),
  passwordSelector: z.string().nullable(),
  submitSelector: z.string().nullable(),
  /** Automated retrieval: where the bills and the usage export are (an address or a link's
   * text), and the export's button; null means detected on the portal. */
  billsPage: z.string().nullable(),
  usagePage: z.string().nullable(),
  exportControl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Provider = z.infer<typeof Provider>;

/** Empty strings from form inputs mean "none". */
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z.string().max(max).nullable().optional(),
  );

const optionalUrl = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z
      .url({ protocol: /^https?$/, message: `${label} must be a valid http(s) URL` })
      .max(2000)
      .nullable()
      .optional(),
  );

/** A logo path handed out by PUT /api/provider-images. */
export const LOGO_PATH = /^\/objects\/logos\/[A-Za-z0-9_-]+\.(png|jpg)$/;

export const ProviderInput = z.object({
  name: z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(200, 'Name must be at most 200 characters'),
  state: z.enum(US_STATES, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' || issue.input === null
        ? REQUIRED_FIELDS_MESSAGE
        : 'State must be one of the 50 US states',
  }),
  url: optionalUrl('Website'),
  loginUrl: optionalUrl('Login URL'),
  imageUrl: z.preprocess(
    (v) => (v === '' ? null : v),
    z.string().regex(LOGO_PATH, 'Upload the logo through the logo button').nullable().optional(),
  ),
});
export type ProviderInput = z.infer<typeof ProviderInput>;

export const ProviderUpdate = ProviderInput.extend({
  usernameSelector: optionalText(500),
  passwordSelector: optionalText(500),
  submitSelector: optionalText(500),
  billsPage: optionalText(500),
  usagePage: optionalText(500),
  exportControl: optionalText(500),
  isActive: z.boolean().optional(),
});
export type ProviderUpdate = z.infer<typeof ProviderUpdate>;
