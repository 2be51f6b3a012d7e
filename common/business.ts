import { z } from 'zod';

/**
 * A user's business identity: the company name, logo and reply-to address their customers
 * see on the form, in our emails to them and on the report's cover, instead of the username
 * (which is half of a sign-in and never shown to customers).
 */

/** The logo's limits: small enough for a form header and an email, read by its bytes. */
export const BUSINESS_LOGO_MAX_BYTES = 200 * 1024;
export const BUSINESS_LOGO_MAX_KB = BUSINESS_LOGO_MAX_BYTES / 1024;
/** Smallest and largest width or height of a PNG or JPEG logo, in pixels. */
export const BUSINESS_LOGO_MIN_PIXELS = 16;
export const BUSINESS_LOGO_MAX_PIXELS = 2000;
export const BUSINESS_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type BusinessLogoType = (typeof BUSINESS_LOGO_TYPES)[number];

export const COMPANY_NAME_MAX = 100;

/** How customers read of a professional who has not named their business. */
export const UNNAMED_PROFESSIONAL = 'your energy professional';

/** The professional as a customer reads of them: their company, or the neutral words. */
export const professionalName = (companyName: string | null | undefined) =>
  companyName?.trim() || UNNAMED_PROFESSIONAL;

/** No control characters: a name goes into an email header and onto a PDF. */
const printable = (v: string) => !/[\p{Cc}\p{Zl}\p{Zp}]/u.test(v);

/** An empty or blank value clears the setting. */
const blankIsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const companyName = z.preprocess(
  blankIsNull,
  z
    .string({ error: 'The company name must be text' })
    .trim()
    .max(COMPANY_NAME_MAX, `The company name must be at most ${COMPANY_NAME_MAX} characters`)
    .refine(printable, 'The company name must be on one line, without special characters')
    .nullable(),
);

const replyToEmail = z.preprocess(
  blankIsNull,
  z
    .string({ error: 'The reply-to address must be an email address, like name@example.com' })
    .trim()
    .pipe(
      z
        .email('The reply-to address must be an email address, like name@example.com')
        .max(254, 'The reply-to address must be at most 254 characters'),
    )
    .nullable(),
);

/** PUT /api/user/business: a field left out stays as it is; empty or null clears it. */
export const BusinessProfileBody = z.object({
  companyName: companyName.optional(),
  replyToEmail: replyToEmail.optional(),
});
export type BusinessProfileBody = z.infer<typeof BusinessProfileBody>;

/** GET /api/user/business, and the answer to every change of it. */
export const BusinessProfile = z.object({
  companyName: z.string().nullable(),
  replyToEmail: z.string().nullable(),
  /** The logo's public address (the one the customer form shows), or null without a logo. */
  logoUrl: z.string().nullable(),
});
export type BusinessProfile = z.infer<typeof BusinessProfile>;

/** Where a form's logo is served: tied to the form link, and changed with every new logo. */
export const formLogoPath = (uniqueFormUrl: string, version: string) =>
  `/api/form-owner/${encodeURIComponent(uniqueFormUrl)}/logo?v=${encodeURIComponent(version)}`;
