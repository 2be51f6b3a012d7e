import {
  analyze,
  assessQuality,
  type CanonicalSeries,
  importIntervals,
  toCanonicalSeries,
} from '../../intervals/index.ts';
import { ACTUAL, MISSING } from '../../intervals/series.ts';
import type { ReportFile, ReportInput } from '../types.ts';

/**
 * A 15-minute series from demand in kW per slot (NaN: no data). Starts at local midnight of
 * 2024-01-01 in Los Angeles unless told otherwise.
 */
export function seriesOfKw(
  kW: number[],
  options: { start?: number; timeZone?: string; receivedKw?: number[] } = {},
): CanonicalSeries {
  const n = kW.length;
  const series: CanonicalSeries = {
    timeZone: options.timeZone ?? 'America/Los_Angeles',
    start: options.start ?? Date.parse('2024-01-01T08:00:00Z'),
    length: n,
    delivered: new Float64Array(n),
    received: new Float64Array(n),
    cost: new Float64Array(n),
    quality: new Uint8Array(n),
    split: new Uint8Array(n),
    hasReceived: options.receivedKw !== undefined,
    hasCost: false,
    sourceIntervalSeconds: 900,
  };
  kW.forEach((value, i) => {
    const missing = Number.isNaN(value);
    series.delivered[i] = missing ? 0 : value / 4;
    series.received[i] = missing ? 0 : (options.receivedKw?.[i] ?? 0) / 4;
    series.quality[i] = missing ? MISSING : ACTUAL;
  });
  return series;
}

/** `count` slots of `kW`. */
export const flat = (count: number, kW: number) => Array.from({ length: count }, () => kW);

export function reportFile(overrides: Partial<ReportFile> = {}): ReportFile {
  return {
    name: 'statement-2024-12.pdf',
    kind: 'statement',
    size: 183_204,
    sha256: 'ab'.repeat(32),
    provenance: 'Uploaded by an admin (alice)',
    addedAt: new Date('2025-01-05T17:00:00Z'),
    importStatus: null,
    importError: null,
    ...overrides,
  };
}

/** A report with no interval data and no files unless given. */
export function reportInput(overrides: Partial<ReportInput> = {}): ReportInput {
  return {
    report: { id: 12, version: 2, generatedAt: new Date('2025-02-10T18:30:00Z') },
    account: {
      customerName: 'Harbor Bakery LLC',
      customerEmail: 'owner@harbor.example',
      accountName: 'Harbor Bakery',
      accountNumber: '0123456789',
      serviceAddress: '12 Pier Rd, Oakland CA',
      providerName: 'Pacific Gas & Electric',
      providerState: 'California',
      startDate: null,
      endDate: null,
      usageKwh: null,
      costCents: null,
    },
    preparedBy: { name: 'sunrise-solar', logo: null },
    intervals: null,
    files: [],
    bills: [],
    ...overrides,
  };
}

/** Imports an interval file's text or bytes the way the intervals feature does. */
export function intervalsOf(
  fileName: string,
  content: Uint8Array | string,
  state?: string,
): NonNullable<ReportInput['intervals']> {
  const imported = importIntervals(content, state ? { state } : {});
  const series = toCanonicalSeries(imported);
  // Stored as JSON by the intervals feature: undefined fields disappear on the way.
  const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value));
  return {
    fileName,
    format: imported.format,
    series,
    analytics: viaJson(analyze(series)),
    quality: viaJson(assessQuality(imported, series)),
  };
}
