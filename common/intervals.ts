import { z } from 'zod';
import { rowId } from './api.ts';

const Totals = {
  deliveredKWh: z.number(),
  receivedKWh: z.number(),
  netKWh: z.number(),
  cost: z.number().optional(),
};

/** Gas units as stored: therms, hundreds and thousands of cubic feet, cubic feet, cubic metres. */
const GAS_UNITS = ['therm', 'ccf', 'mcf', 'ft3', 'm3'] as const;

/**
 * The connection's newest gas series: the periods the utility gave (a day or a billing period
 * each) in their own unit, never converted to kWh; for therms, the kWh figure beside them.
 * Quantities to the thousandth, money to the cent, cost per unit to a hundredth of a cent.
 */
export const GasSummary = z.object({
  fileId: z.number().int(),
  fileName: z.string(),
  unit: z.enum(GAS_UNITS),
  /** How the unit is written for people: "therms", "ccf", "m³". */
  unitLabel: z.string(),
  timeZone: z.string(),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  /** The most common period length in seconds (86400 for daily readings). */
  periodSeconds: z.number().int(),
  periods: z.array(
    z.object({
      start: z.iso.datetime(),
      end: z.iso.datetime(),
      quantity: z.number(),
      cost: z.number().optional(),
      estimated: z.boolean().optional(),
    }),
  ),
  total: z.number(),
  cost: z.number().optional(),
  costPerUnit: z.number().optional(),
  /** Therms only: the total in kWh at `kWhPerTherm`. */
  kWhEquivalent: z.number().optional(),
  kWhPerTherm: z.number().optional(),
  monthly: z.array(
    z.object({
      month: z.string(),
      quantity: z.number(),
      cost: z.number().optional(),
      days: z.number(),
      /** Part of the figure was shared from a period spanning another month. */
      split: z.boolean(),
    }),
  ),
  /** How the figures were made where a reader could not guess it. */
  notes: z.array(z.string()),
});
export type GasSummary = z.infer<typeof GasSummary>;

const SeriesInfo = z.object({
  fileId: z.number().int(),
  fileName: z.string(),
  format: z.string(),
  timeZone: z.string(),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  slots: z.number().int(),
  sourceIntervalSeconds: z.number().int(),
  /** For a file of several meters: the one shown, and all of them. */
  meter: z.string().nullable(),
  meters: z.array(z.string()),
});

const ElectricAnalytics = z.looseObject({
  ...Totals,
  monthly: z.array(z.looseObject({ month: z.string(), ...Totals, peakKw: z.number() })),
  peak: z.object({ kW: z.number(), start: z.number(), local: z.string() }).optional(),
  averageKw: z.number(),
  baseLoadKw: z.number(),
  loadFactor: z.number(),
  loadProfile: z.object({
    weekday: z.array(z.number().nullable()),
    weekend: z.array(z.number().nullable()),
  }),
  heatmap: z.array(z.array(z.number().nullable())),
  costPerKWh: z.number().optional(),
});

const ElectricQuality = z.looseObject({
  coveragePct: z.number(),
  estimatedPct: z.number(),
  splitPct: z.number(),
  gaps: z.looseObject({ count: z.number(), longestMinutes: z.number() }),
  duplicatesRemoved: z.number(),
  dst: z.looseObject({ repeated: z.number(), folded: z.number(), nonexistent: z.number() }),
  reconciliation: z.array(z.looseObject({})),
  /** How the file was read where the engine had to infer it. */
  notes: z.array(z.string()).optional(),
  /** Bills the interval file carries (ESPI UsageSummary), line items and all. */
  bills: z.array(z.looseObject({})).optional(),
});

/**
 * GET /api/connections/:id/intervals: the newest imported electric series, analysed, and the
 * newest gas series. A connection with only gas has `series`, `analytics` and `quality` null;
 * one without gas has `gas` null.
 */
export const IntervalSummary = z.object({
  series: SeriesInfo.nullable(),
  analytics: ElectricAnalytics.nullable(),
  quality: ElectricQuality.nullable(),
  gas: GasSummary.nullable(),
});
export type IntervalSummary = z.infer<typeof IntervalSummary>;

/** A summary known to hold electric data (its electric parts are not null). */
export const ElectricIntervalSummary = IntervalSummary.extend({
  series: SeriesInfo,
  analytics: ElectricAnalytics,
  quality: ElectricQuality,
});
export type ElectricSummary = z.infer<typeof ElectricIntervalSummary>;

/** PUT /api/connections/:id/intervals/meter: which meter of the file is the series. */
export const MeterChoice = z.object({
  fileId: rowId('Invalid file id'),
  meter: z.string().trim().min(1).max(100),
});
export type MeterChoice = z.infer<typeof MeterChoice>;
