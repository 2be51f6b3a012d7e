import type { ElectricSummary } from '@common/intervals.ts';
import { dollarsText, kwhText, kwText, pctText, rateText } from '@common/quantities.ts';

type Quality = ElectricSummary['quality'];

const integer = new Intl.NumberFormat('en-US');
const monthName = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const wallClock = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});

// Figures print as everywhere in the product (common/quantities.ts).
export const formatKwh = (kwh: number) => `${kwhText(kwh)} kWh`;
export const formatKw = (kw: number) => `${kwText(kw)} kW`;
export const formatDollars = dollarsText;
/** "$0.390 per kWh": energy rates are quoted to a tenth of a cent. */
export const formatRate = (perKwh: number) => `${rateText(perKwh)} per kWh`;
/** "98.6%", "100.0%", "under 0.1%". */
export const formatPercent = pctText;

/** "Feb 2024" for "2024-02". */
export function formatMonth(month: string): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * "Feb 22, 2024, 8:00 PM" for "2024-02-22T20:00:00-08:00": the meter's own clock time, not
 * the viewer's, since that is when the load happened for the customer.
 */
export function formatLocalTime(local: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(local);
  if (!match) return local;
  return wallClock.format(new Date(`${match[1]}T${match[2]}:00Z`));
}

/** "45 min", "2 h", "1 d 3 h 15 min". */
export function formatMinutes(total: number): string {
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = Math.round(total % 60);
  const parts = [days && `${days} d`, hours && `${hours} h`, minutes && `${minutes} min`];
  return parts.filter(Boolean).join(' ') || '0 min';
}

export function gapsText(gaps: Quality['gaps']): string {
  if (gaps.count === 0) return 'None';
  const count = `${integer.format(gaps.count)} gap${gaps.count === 1 ? '' : 's'}`;
  return `${count}, longest ${formatMinutes(gaps.longestMinutes)}`;
}

type DstEvent = { kind?: unknown; label?: unknown };

const DST_WORDS = {
  nonexistent: [
    'non-existent hour label',
    'non-existent hour labels',
    'mapped to the real instant',
  ],
  folded: ['folded hour', 'folded hours', 'two hours in one row, split evenly'],
  repeated: ['repeated hour', 'repeated hours', 'kept in order'],
} as const;

/** One line per kind of daylight-saving anomaly, with the local labels where the file had them. */
export function dstNotes(dst: Quality['dst']): string[] {
  const events = Array.isArray(dst.events) ? (dst.events as DstEvent[]) : [];
  const notes: string[] = [];
  for (const kind of ['nonexistent', 'folded', 'repeated'] as const) {
    const count = dst[kind];
    if (!count) continue;
    const [one, many, handled] = DST_WORDS[kind];
    const labels = events
      .filter((e) => e.kind === kind && typeof e.label === 'string')
      .map((e) => e.label as string)
      .slice(0, 3);
    const where = labels.length ? ` (${labels.join(', ')})` : '';
    notes.push(`${integer.format(count)} ${count === 1 ? one : many}${where}: ${handled}`);
  }
  return notes;
}

type ReconciliationRow = {
  source?: unknown;
  label?: unknown;
  periodStart?: unknown;
  periodEnd?: unknown;
  statedKWh?: unknown;
  intervalKWh?: unknown;
  differenceKWh?: unknown;
  matches?: unknown;
  verdictNote?: unknown;
  coveragePct?: unknown;
  statedCost?: unknown;
  intervalCost?: unknown;
};

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** A formatter of local days in the series' zone (the viewer's when the zone is unknown). */
function localDays(timeZone: string): Intl.DateTimeFormat {
  const options = { year: 'numeric', month: 'short', day: 'numeric' } as const;
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    return new Intl.DateTimeFormat('en-US', options);
  }
}

/** The interval sums against what the file says of itself (bill summaries, stated totals). */
export function reconciliationLines(
  rows: readonly unknown[],
  timeZone: string,
): { title: string; text: string }[] {
  const local = localDays(timeZone);
  const day = (ms: number) => local.format(new Date(ms));
  return rows.map((raw) => {
    const row = raw as ReconciliationRow;
    const start = num(row.periodStart);
    const end = num(row.periodEnd);
    const period =
      start !== undefined && end !== undefined ? ` ${day(start)} to ${day(end - 1)}` : '';
    const title =
      row.source === 'bill'
        ? `Bill${period}`
        : row.source === 'statement'
          ? `Statement ${typeof row.label === 'string' ? row.label : ''}${period}`.trim()
          : row.source === 'billing history'
            ? `Billing history ${typeof row.label === 'string' ? row.label : ''}${period}`.trim()
            : 'File total';
    const parts: string[] = [];
    const stated = num(row.statedKWh);
    const interval = num(row.intervalKWh);
    if (stated !== undefined) parts.push(`stated ${formatKwh(stated)}`);
    if (interval !== undefined) parts.push(`intervals ${formatKwh(interval)}`);
    const statedCost = num(row.statedCost);
    const intervalCost = num(row.intervalCost);
    if (statedCost !== undefined) parts.push(`stated cost ${formatDollars(statedCost)}`);
    if (intervalCost !== undefined) parts.push(`interval cost ${formatDollars(intervalCost)}`);
    const difference = num(row.differenceKWh);
    const coverage = num(row.coveragePct);
    if (row.source === 'bill' && coverage !== undefined && coverage < 100) {
      parts.push(`intervals cover ${formatPercent(coverage)} of the period`);
    }
    const verdict =
      row.matches === true
        ? 'matches'
        : row.matches === false && difference !== undefined
          ? `differs by ${formatKwh(Math.abs(difference))}`
          : row.matches === false
            ? 'differs'
            : typeof row.verdictNote === 'string' && stated !== undefined
              ? `no verdict (${row.verdictNote})`
              : typeof row.verdictNote === 'string' && row.source === 'billing history'
                ? row.verdictNote
                : null;
    const text = parts.join(', ');
    return { title, text: verdict ? `${text}: ${verdict}` : text };
  });
}

/** "00:00" … "23:00" for the load profile's hours. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

const FORMAT_NAMES: Record<string, string> = {
  'espi-xml': 'Green Button XML',
  'pge-csv': 'PG&E CSV',
  'sce-csv': 'SCE Green Button CSV',
  'sdge-csv': 'SDG&E CSV',
  'generic-csv': 'CSV',
  'day-rows-csv': 'CSV, one row per day',
  nem12: 'NEM12',
};

/** "PG&E CSV" for the importer's format id. */
export function formatName(format: string): string {
  return FORMAT_NAMES[format] ?? format;
}

/** "hourly readings", "15-minute readings". */
export function readingsText(seconds: number): string {
  if (seconds === 3600) return 'hourly readings';
  if (seconds === 86_400) return 'daily readings';
  return `${Math.round(seconds / 60)}-minute readings`;
}

/** "Feb 1, 2024 to Jan 31, 2025": the series' first and last local days (its end is exclusive). */
export function seriesPeriod(series: { start: string; end: string; timeZone: string }): string {
  const local = localDays(series.timeZone);
  const last = new Date(Date.parse(series.end) - 1);
  return `${local.format(new Date(series.start))} to ${local.format(last)}`;
}

type BillRow = {
  periodStart?: unknown;
  periodSeconds?: unknown;
  billAmount?: unknown;
  tariffProfile?: unknown;
  lineItems?: unknown;
};

/**
 * The bills an interval file carries, with their line items: "Bill Mar 1, 2012 to Mar 13,
 * 2012 ($152.52, E-TOU-C)" then "Energy charge: $45.67 (300 kWh)" per item.
 */
export function billLines(
  bills: readonly unknown[],
  timeZone: string,
): { title: string; items: string[] }[] {
  const local = localDays(timeZone);
  return bills.map((raw) => {
    const bill = raw as BillRow;
    const start = num(bill.periodStart);
    const seconds = num(bill.periodSeconds);
    const amount = num(bill.billAmount);
    const facts = [
      amount === undefined ? undefined : formatDollars(amount),
      typeof bill.tariffProfile === 'string' ? bill.tariffProfile : undefined,
    ].filter((f): f is string => f !== undefined);
    const period =
      start !== undefined && seconds !== undefined
        ? ` ${local.format(new Date(start))} to ${local.format(new Date(start + seconds * 1000 - 1))}`
        : '';
    const items = (Array.isArray(bill.lineItems) ? bill.lineItems : []).map((rawItem) => {
      const item = rawItem as { note?: unknown; amount?: unknown; quantity?: unknown };
      const note = typeof item.note === 'string' ? item.note : 'Line item';
      const itemAmount = num(item.amount);
      const quantity = item.quantity as { value?: unknown; unit?: unknown } | undefined;
      const value = num(quantity?.value);
      const unit = typeof quantity?.unit === 'string' ? quantity.unit : '';
      const measured =
        value === undefined
          ? ''
          : ` (${unit === 'kWh' ? formatKwh(value) : `${value} ${unit}`.trim()})`;
      return `${note}: ${itemAmount === undefined ? 'no amount' : formatDollars(itemAmount)}${measured}`;
    });
    return { title: `Bill${period}${facts.length ? ` (${facts.join(', ')})` : ''}`, items };
  });
}
