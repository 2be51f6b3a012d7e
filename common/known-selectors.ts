import { z } from 'zod';

/**
 * Where a provider's login selectors came from while they are still the ones shipped with the
 * starter catalogue: the public scraper they were read in and that source's date. Null once an
 * admin changed them (or for a provider the catalogue knows nothing about).
 */
export const KnownSelectorsOrigin = z.object({
  /** The file the selectors were read in, at the commit read. */
  source: z.string(),
  /** YYYY-MM-DD: the date of that commit. */
  seenAt: z.string(),
});
export type KnownSelectorsOrigin = z.infer<typeof KnownSelectorsOrigin>;
