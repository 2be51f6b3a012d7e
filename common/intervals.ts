import { z } from 'zod';
import { rowId } from './api.ts';

const Totals = {
  deliveredKWh: z.number(),
  receivedKWh: z.number(),
  netKWh: z.number(),
  cost: z.number().optional(),
};

/** GET /api/connections/:id/intervals: the newest imported series, analysed. */
export const IntervalSummary = z.object({
  series: z.object({
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
  }),
  analytics: z.looseObject({
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
  }),
  quality: z.looseObject({
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
  }),
});
export type IntervalSummary = z.infer<typeof IntervalSummary>;

/** PUT /api/connections/:id/intervals/meter: which meter of the file is the series. */
export const MeterChoice = z.object({
  fileId: rowId('Invalid file id'),
  meter: z.string().trim().min(1).max(100),
});
export type MeterChoice = z.infer<typeof MeterChoice>;
