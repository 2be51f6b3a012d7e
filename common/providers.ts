import { z } from 'zod';
import { PreLoginStep, PreLoginSteps } from './automation.ts';
import { COUNTRIES, COUNTRY_CODES } from './countries.ts';
import { KnownSelectorsOrigin } from './known-selectors.ts';
import { US_STATES } from './states.ts';

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

/** What anyone may see: the customer form lists these. */
export const PublicProvider = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO 3166 code: 'US', 'CA', 'GB', 'IE', 'AU' or 'NZ'. */
  country: z.string(),
  /** A US state's name; abroad, the province, state or region as written there. */
  state: z.string(),
  /** The zone the utility's files are read in when they do not say; null: the US state's. */
  timeZone: z.string().nullable(),
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
  /** Clicks made before the login form is filled (a consent banner, what reveals the form). */
  preLoginSteps: z.array(PreLoginStep),
  /** Set while the login selectors are still those shipped with the starter catalogue. */
  knownSelectors: KnownSelectorsOrigin.nullable(),
  /** Signed in, the check fetches the bills and the usage export; off: an admin uploads them. */
  retrieveAutomatically: z.boolean(),
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

const ProviderFields = z.object({
  name: z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(200, 'Name must be at most 200 characters'),
  /** Left out: a US utility. */
  country: z.enum(COUNTRY_CODES, { error: 'Country must be one of those listed' }).default('US'),
  state: z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(100, 'State or region must be at most 100 characters'),
  timeZone: z.preprocess((v) => (v === '' ? null : v), z.string().max(64).nullable().optional()),
  url: optionalUrl('Website'),
  loginUrl: optionalUrl('Login URL'),
  imageUrl: z.preprocess(
    (v) => (v === '' ? null : v),
    z.string().regex(LOGO_PATH, 'Upload the logo through the logo button').nullable().optional(),
  ),
  /** Left out: on for a new provider, unchanged on an update. */
  retrieveAutomatically: z
    .boolean({ error: 'Retrieve automatically must be true or false' })
    .optional(),
});

/**
 * Where the utility is: a US one names one of the 50 states (its files follow the state's zone
 * unless a zone of the country is chosen); one abroad names its region and its time zone.
 */
function checkPlace(
  value: { country: keyof typeof COUNTRIES; state: string; timeZone?: string | null },
  ctx: z.RefinementCtx,
) {
  const { country, state, timeZone } = value;
  if (country === 'US' && !(US_STATES as readonly string[]).includes(state)) {
    ctx.addIssue({
      code: 'custom',
      path: ['state'],
      message: 'State must be one of the 50 US states',
    });
  }
  const zones: readonly string[] = COUNTRIES[country].zones;
  if (timeZone && !zones.includes(timeZone)) {
    ctx.addIssue({
      code: 'custom',
      path: ['timeZone'],
      message: `Time zone must be one of ${COUNTRIES[country].name}'s: ${zones.join(', ')}`,
    });
  } else if (!timeZone && country !== 'US') {
    ctx.addIssue({
      code: 'custom',
      path: ['timeZone'],
      message: "Choose the time zone the utility's files are written in",
    });
  }
}

export const ProviderInput = ProviderFields.superRefine(checkPlace);
export type ProviderInput = z.infer<typeof ProviderInput>;

export const ProviderUpdate = ProviderFields.extend({
  usernameSelector: optionalText(500),
  passwordSelector: optionalText(500),
  submitSelector: optionalText(500),
  billsPage: optionalText(500),
  usagePage: optionalText(500),
  exportControl: optionalText(500),
  /** Null or an empty list: no clicks before the form. */
  preLoginSteps: PreLoginSteps.nullable().optional(),
  isActive: z.boolean().optional(),
}).superRefine(checkPlace);
export type ProviderUpdate = z.infer<typeof ProviderUpdate>;
