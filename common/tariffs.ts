import { z } from 'zod';
import { rowId } from './api.ts';

/**
 * Rate plans: electricity tariffs admins import from the OpenEI Utility Rate Database (URDB) for
 * a provider, and the bill a connection's interval data would come to under one of them.
 */

/** What a user choosing a tariff for an estimate sees. */
export const PublicTariff = z.object({
  id: z.number().int(),
  providerId: z.number().int(),
  name: z.string(),
  utility: z.string(),
  sector: z.string().nullable(),
  /** The days the tariff is in effect (YYYY-MM-DD); null when URDB does not say. */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type PublicTariff = z.infer<typeof PublicTariff>;

/** The admin's view: where the figures come from, URDB's own id of the rate, and when it changed. */
export const Tariff = PublicTariff.extend({
  source: z.string().nullable(),
  /** URDB's `label` of the rate, when it has one. */
  label: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Tariff = z.infer<typeof Tariff>;

/** A URDB rate object, or the rate API's answer `{ items: [...] }`; checked by the tariff engine. */
const UrdbObject = z
  .record(z.string(), z.unknown(), { error: 'urdb must be a URDB rate object' })
  .describe(
    'One URDB rate object (energyratestructure, schedules, fixed charges...), or the URDB rate API answer `{"items": [...]}`',
  );

export const TariffInput = z.object({
  providerId: rowId('providerId must be the id of a provider'),
  urdb: UrdbObject,
  source: z
    .string({ error: 'source must be text' })
    .trim()
    .max(500, 'source must be at most 500 characters')
    .optional()
    .describe('Where the figures come from: the URDB page, a tariff book and its date'),
});
export type TariffInput = z.infer<typeof TariffInput>;

/**
 * POST /api/tariffs answers the tariff for one rate object, and `{ tariffs }` (in the order of
 * `items`) for a rate-API answer, however many items it holds.
 */
export const TariffsCreated = z.object({ tariffs: z.array(Tariff) });
export type TariffsCreated = z.infer<typeof TariffsCreated>;

export const TariffQuery = z.object({
  providerId: rowId('providerId must be the id of a provider').optional(),
});

/** How the estimate cuts the series into bills. */
const EstimatePeriods = z.enum(['months', 'statements'], {
  error: 'periods must be "months" or "statements"',
});

export const BillEstimateInput = z
  .object({
    tariffId: rowId('tariffId must be the id of a tariff').optional(),
    urdb: UrdbObject.optional(),
    periods: EstimatePeriods.optional().describe(
      '"months" (the default): calendar months in the series\' time zone; "statements": the billing periods of the connection\'s statements and billing history',
    ),
  })
  .refine((body) => (body.tariffId === undefined) !== (body.urdb === undefined), {
    error: 'Give either tariffId or urdb (one URDB rate object), not both',
  });
export type BillEstimateInput = z.infer<typeof BillEstimateInput>;

/** Every component of a bill, in whole cents; their sum is the total. */
const Components = z.object({
  fixedCents: z.number().int(),
  energyCents: z.number().int(),
  /** Export credit under the tariff's dgrules (at most 0). */
  exportCreditCents: z.number().int(),
  demandCents: z.number().int(),
  /** Net metering's credit carried (positive) or used (negative). */
  netMeteringCents: z.number().int(),
  /** Net surplus compensation at the true-up (at most 0). */
  trueUpCents: z.number().int(),
  /** What brings a bill up to the tariff's minimum charge. */
  minimumCents: z.number().int(),
});

const EstimateMonth = Components.extend({
  /** The bill's local days, both included. */
  start: z.string(),
  end: z.string(),
  days: z.number().int(),
  /** A calendar month the data covers only in part (its monthly charges are scaled). */
  partial: z.boolean(),
  importKWh: z.number(),
  exportKWh: z.number(),
  peakKw: z.number(),
  /** Quarter hours of the bill the data lacks. */
  missingSlots: z.number().int(),
  totalCents: z.number().int(),
});

export const BillEstimate = z.object({
  tariff: z.object({
    /** The stored tariff's id; null for a rate object given with the request. */
    id: z.number().int().nullable(),
    name: z.string(),
    utility: z.string(),
    dgrules: z.string(),
  }),
  periods: EstimatePeriods,
  /** Dollars, as the pages show them; `totalCents` is the exact figure. */
  total: z.number(),
  totalCents: z.number().int(),
  /** The total scaled to 365 days when the bills cover more or less than a year. */
  annualCents: z.number().int(),
  days: z.number().int(),
  /** One bill per calendar month or billing period, in order. */
  months: z.array(EstimateMonth),
  /** The components summed over the bills. */
  components: Components,
  /** How the figures were worked out where the tariff or the data left a choice. */
  notes: z.array(z.string()),
});
export type BillEstimate = z.infer<typeof BillEstimate>;
