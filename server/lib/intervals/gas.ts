import { kwhData, moneyData } from '../../../common/quantities.ts';
import { DAY_MS, isoDate } from './time/civil.ts';
import { zoneClock } from './time/zone-clock.ts';

/**
 * Gas as the utility metered it. Gas is billed in therms or by volume (cubic feet, hundreds of
 * cubic feet, cubic metres), usually once per billing period or once a day, so it is kept as
 * the periods the file gives, in the file's own unit: a volume becomes energy only through the
 * heat content the utility applied on the bill, which the file does not carry, so nothing here
 * converts it to kWh. Only therms, an energy unit, have a kWh equivalent, shown beside them.
 */
export type GasUnit = 'therm' | 'ccf' | 'mcf' | 'ft3' | 'm3';

export interface GasPeriod {
  /** UTC ms; `end` is exclusive. */
  start: number;
  end: number;
  /** In the series' unit. */
  quantity: number;
  /** In the file's currency, when the reading gives one. */
  cost?: number;
  /** True when the utility marked the reading as estimated. */
  estimated?: boolean;
}

export interface GasSeries {
  unit: GasUnit;
  /** Ascending by start, one period per start. */
  periods: GasPeriod[];
  /** The zone months and days are counted in (the file's, else the provider's). */
  timeZone: string;
  /** Where the series came from in the file (ESPI MeterReading link). */
  source: string;
  /** How the readings were read where it had to be inferred, in words. */
  notes: string[];
}

/** kWh in one therm (100,000 Btu of 1,055.056 J): the figure shown beside therms, labelled. */
export const KWH_PER_THERM = 29.3071;

/** How each unit is named on screen and paper. */
export const GAS_UNIT_LABELS: Record<GasUnit, { one: string; many: string }> = {
  therm: { one: 'therm', many: 'therms' },
  ccf: { one: 'ccf', many: 'ccf' },
  mcf: { one: 'Mcf', many: 'Mcf' },
  ft3: { one: 'ft³', many: 'ft³' },
  m3: { one: 'm³', many: 'm³' },
};

/** ESPI UnitSymbolKind codes of gas quantities (NAESB REQ.21 / IEC 61968-9). */
const THERM = 169;
const CUBIC_FEET = new Set([119, 120]); // ft3, ft3 compensated
const CUBIC_METRES = new Set([42, 166, 167]); // m3, m3 uncompensated, m3 compensated

/**
 * The unit a gas ReadingType's values are kept in, and the power of ten that turns a written
 * value into it; undefined when the uom is not a gas quantity. Cubic feet written with a
 * multiplier of 2 or 3 are hundreds (ccf) or thousands (Mcf) of cubic feet, as bills state them.
 */
export function gasUnitOf(
  uom: number | undefined,
  powerOfTenMultiplier: number,
): { unit: GasUnit; scale: number } | undefined {
  if (uom === THERM) return { unit: 'therm', scale: powerOfTenMultiplier };
  if (uom !== undefined && CUBIC_METRES.has(uom))
    return { unit: 'm3', scale: powerOfTenMultiplier };
  if (uom !== undefined && CUBIC_FEET.has(uom)) {
    if (powerOfTenMultiplier === 2) return { unit: 'ccf', scale: 0 };
    if (powerOfTenMultiplier === 3) return { unit: 'mcf', scale: 0 };
    return { unit: 'ft3', scale: powerOfTenMultiplier };
  }
  return undefined;
}

/** A written value in its unit: dividing by an exact power of ten keeps decimals exact. */
export function scaled(value: number, scale: number): number {
  return scale < 0 ? value / 10 ** -scale : value * 10 ** scale;
}

interface GasMonth {
  /** Local calendar month, `YYYY-MM`. */
  month: string;
  quantity: number;
  /** Present when every period counted in the month has a cost. */
  cost: number | undefined;
  /** Days of the month the periods cover (parts of a day counted as parts). */
  days: number;
  /** True when part of the month's figure came from a period shared with another month. */
  split: boolean;
}

export interface GasAnalytics {
  unit: GasUnit;
  timeZone: string;
  /** UTC ms of the first period's start and the last one's end. */
  start: number;
  end: number;
  periods: number;
  /** The most common period length in seconds. */
  periodSeconds: number;
  total: number;
  /** Present when every period has a cost. */
  cost: number | undefined;
  /** Cost over quantity, when both are known and the quantity is above zero. */
  costPerUnit: number | undefined;
  /** Therms only: the total in kWh at KWH_PER_THERM. */
  kWhEquivalent: number | undefined;
  monthly: GasMonth[];
  /** How the figures were made where a reader could not guess it. */
  notes: string[];
}

/**
 * Usage and cost by local calendar month. A period that spans two months (a billing period of
 * mid-January to mid-February) is shared between them by the days it covers in each, and a
 * note says which periods were shared that way; nothing is put on a 15-minute grid.
 */
export function analyzeGas(series: GasSeries): GasAnalytics {
  const clock = zoneClock(series.timeZone);
  /** Local wall-clock ms of a UTC instant. */
  const local = (utc: number) => utc + clock.offsetAt(utc);
  const months = new Map<string, GasMonth & { costed: number; counted: number }>();
  let total = 0;
  let cost = 0;
  let costed = 0;
  let shared = 0;
  const lengths = new Map<number, number>();
  for (const p of series.periods) {
    total += p.quantity;
    if (p.cost !== undefined) {
      cost += p.cost;
      costed++;
    }
    const seconds = Math.round((p.end - p.start) / 1000);
    lengths.set(seconds, (lengths.get(seconds) ?? 0) + 1);
    const parts = monthParts(local(p.start), local(p.end));
    if (parts.length > 1) shared++;
    const whole = parts.reduce((sum, part) => sum + part.days, 0);
    for (const part of parts) {
      const share = whole > 0 ? part.days / whole : 1 / parts.length;
      let m = months.get(part.month);
      if (!m) {
        m = {
          month: part.month,
          quantity: 0,
          cost: 0,
          days: 0,
          split: false,
          costed: 0,
          counted: 0,
        };
        months.set(part.month, m);
      }
      m.quantity += p.quantity * share;
      m.days += part.days;
      m.counted++;
      if (p.cost !== undefined) {
        m.cost = (m.cost ?? 0) + p.cost * share;
        m.costed++;
      }
      if (parts.length > 1) m.split = true;
    }
  }
  const monthly = [...months.values()]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map(({ costed: c, counted, ...m }) => ({ ...m, cost: c === counted ? m.cost : undefined }));
  const allCosted = series.periods.length > 0 && costed === series.periods.length;
  const notes: string[] = [];
  if (shared > 0) {
    notes.push(
      `${shared} ${shared === 1 ? 'reading spans' : 'readings span'} two or more calendar months; each was shared between its months by the days it covers in each`,
    );
  }
  if (costed > 0 && !allCosted) {
    notes.push(
      `${series.periods.length - costed} of ${series.periods.length} readings have no cost, so no total cost is given`,
    );
  }
  let periodSeconds = 0;
  let most = 0;
  for (const [seconds, count] of lengths) {
    if (count > most) {
      most = count;
      periodSeconds = seconds;
    }
  }
  const first = series.periods[0];
  const last = series.periods[series.periods.length - 1];
  return {
    unit: series.unit,
    timeZone: series.timeZone,
    start: first?.start ?? 0,
    end: last?.end ?? 0,
    periods: series.periods.length,
    periodSeconds,
    total,
    cost: allCosted ? cost : undefined,
    costPerUnit: allCosted && total > 0 ? cost / total : undefined,
    kWhEquivalent: series.unit === 'therm' ? total * KWH_PER_THERM : undefined,
    monthly,
    notes,
  };
}

/**
 * The local calendar months a local wall-clock span [from, to) touches, with the days it
 * covers in each (fractions at the ends when the span does not start or end at midnight).
 */
function monthParts(from: number, to: number): { month: string; days: number }[] {
  const parts: { month: string; days: number }[] = [];
  let cursor = from;
  while (cursor < to) {
    const day = Math.floor(cursor / DAY_MS);
    const date = isoDate(day);
    const month = date.slice(0, 7);
    // The first day of the next month, as a wall-clock instant.
    const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
    const next = Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 1);
    const stop = Math.min(next, to);
    parts.push({ month, days: (stop - cursor) / DAY_MS });
    cursor = stop;
  }
  if (parts.length === 0) {
    // A reading of no length still counts in its month.
    parts.push({ month: isoDate(Math.floor(from / DAY_MS)).slice(0, 7), days: 0 });
  }
  return parts;
}

/**
 * The gas periods as CSV: UTC and local start and end (the header names the zone), the
 * quantity in the series' unit (the header names it, to the thousandth), the cost when given,
 * and whether the utility estimated it. A therm file adds the kWh equivalent, labelled.
 */
export function exportGasCsv(series: GasSeries): string {
  const clock = zoneClock(series.timeZone);
  const localText = (utc: number) => {
    const offset = clock.offsetAt(utc);
    return new Date(utc + offset).toISOString().slice(0, 19) + offsetText(offset);
  };
  const therm = series.unit === 'therm';
  const header = [
    'utc_start',
    'utc_end',
    `local_start (${series.timeZone})`,
    `local_end (${series.timeZone})`,
    `quantity_${series.unit}`,
    'cost',
    'quality',
  ];
  if (therm) header.push(`kwh_equivalent (1 therm = ${KWH_PER_THERM} kWh)`);
  const lines = [header.join(',')];
  for (const p of series.periods) {
    const row = [
      `${new Date(p.start).toISOString().slice(0, 19)}Z`,
      `${new Date(p.end).toISOString().slice(0, 19)}Z`,
      localText(p.start),
      localText(p.end),
      plain(quantityData(p.quantity)),
      p.cost === undefined ? '' : moneyData(p.cost).toFixed(2),
      p.estimated ? 'estimated' : 'actual',
    ];
    if (therm) row.push(plain(kwhData(p.quantity * KWH_PER_THERM)));
    lines.push(row.join(','));
  }
  return `${lines.join('\n')}\n`;
}

function offsetText(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const minutes = Math.abs(ms) / 60_000;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A gas quantity in data: to the thousandth, the rule for every metered quantity. */
export const quantityData = kwhData;

/** A rounded figure as text, never in exponent form. */
function plain(value: number): string {
  return Math.abs(value) < 1e-6 ? '0' : value.toFixed(3).replace(/\.?0+$/, '');
}
