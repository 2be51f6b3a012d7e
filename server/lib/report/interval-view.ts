import {
  type Analytics,
  type CanonicalSeries,
  type QualityReport,
  SLOT_MS,
  type SlotCalendar,
  slotCalendar,
} from '../intervals/index.ts';
import { MISSING } from '../intervals/series.ts';
import { type DstDay, dstDays } from './analysis/dst-days.ts';
import {
  type DaytimeShare,
  daytimeShare,
  type ExportShare,
  exportShare,
} from './analysis/hints.ts';
import {
  batteryPower,
  demandKw,
  type PeakShavingResult,
  STORAGE_HOURS,
  shavePeak,
} from './analysis/peak-shaving.ts';
import { type PeakInterval, topPeaks } from './analysis/top-peaks.ts';
import { formatLocalDate } from './format.ts';
import type { ReportInput } from './types.ts';

/** The interval data, when there is some to analyse, with everything derived from it. */
export interface IntervalView {
  fileName: string;
  format: string;
  series: CanonicalSeries;
  analytics: Analytics;
  quality: QualityReport;
  calendar: SlotCalendar;
  /** Local dates of the first and last slot. */
  firstDate: string;
  lastDate: string;
  resolution: string;
  topPeaks: PeakInterval[];
  dstDays: DstDay[];
  daytime: DaytimeShare | undefined;
  exported: ExportShare | undefined;
  battery: { powerKw: number; chosen: boolean; results: PeakShavingResult[] } | undefined;
}

export function hasData(series: CanonicalSeries): boolean {
  for (let i = 0; i < series.length; i++) if (series.quality[i] !== MISSING) return true;
  return false;
}

export function viewOf(
  given: NonNullable<ReportInput['intervals']>,
  batteryKw: number | undefined,
): IntervalView {
  const { series, analytics } = given;
  const calendar = slotCalendar(series);
  const peakKw = analytics.peak?.kW ?? 0;
  const power = batteryPower(peakKw, batteryKw);
  let battery: IntervalView['battery'];
  if (power !== undefined) {
    const load = demandKw(series);
    const results = STORAGE_HOURS.map((h) => shavePeak(load, power.powerKw, h)).filter(
      (r): r is PeakShavingResult => r !== undefined,
    );
    if (results.length > 0) battery = { ...power, results };
  }
  return {
    ...given,
    calendar,
    firstDate: formatLocalDate(series.start, series.timeZone),
    lastDate: formatLocalDate(series.start + series.length * SLOT_MS - 1, series.timeZone),
    resolution: resolutionOf(series.sourceIntervalSeconds),
    topPeaks: topPeaks(series),
    dstDays: dstDays(series, calendar),
    daytime: daytimeShare(series, calendar),
    exported: exportShare(series),
    battery,
  };
}

function resolutionOf(seconds: number): string {
  if (seconds === 3600) return 'hourly';
  if (seconds === 86_400) return 'daily';
  if (seconds > 0 && seconds % 60 === 0) return `${seconds / 60}-minute`;
  return '15-minute';
}
