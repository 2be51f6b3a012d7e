import { z } from 'zod';

/** API keys of premium users: their own data and webhooks only, never an admin route. */

export const ApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart in lists; the key itself is shown once. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const NewApiKeyBody = z.object({
  name: z
    .string({ error: 'Please name the key' })
    .trim()
    .min(1, 'Please name the key')
    .max(100, 'Key names are at most 100 characters'),
});
export type NewApiKeyBody = z.infer<typeof NewApiKeyBody>;

/** The answer to creating a key: the only time `key` is ever returned. */
export const CreatedApiKey = z.object({ apiKey: ApiKey, key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const API_KEYS_PREMIUM_ONLY =
  'API keys come with the Monthly Subscription plan. Change your plan in Usage & Billing to use the API.';

/** A key whose account left the Monthly Subscription plan is refused with this (403). */
export const API_KEY_PLAN_ENDED =
  "API access comes with the Monthly Subscription plan, and this key's account is no longer on it. Change the plan in Usage & Billing to use the API again.";
