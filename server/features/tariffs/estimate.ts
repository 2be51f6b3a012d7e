import { kwData, kwhData, moneyData } from '../../../common/quantities.ts';
import type { BillEstimate } from '../../../common/tariffs.ts';
import { type CanonicalSeries, localDateOf, SLOT_MS } from '../../lib/intervals/index.ts';
import type { TariffBill } from '../../lib/tariffs/index.ts';

/** A billing period as statements print it: local dates, both days included. */
export interface Period {
  start: string;
  end: string;
}

/**
 * The billing periods to price from those the connection's statements and billing history give:
 * the ones that share days with the series, each once, in order. A period overlapping one
 * already taken is left out (a statement and a history row of the same bill with dates a day
 * apart), and said so in the notes: the engine bills periods that do not overlap.
 */
export function periodsWithin(
  series: CanonicalSeries,
  given: readonly Period[],
): { periods: Period[]; notes: string[] } {
  const first = localDateOf(series.start, series.timeZone);
  const last = localDateOf(series.start + series.length * SLOT_MS - 1, series.timeZone);
  const sorted = [...given]
    .filter((p) => p.start <= p.end && p.start <= last && p.end >= first)
    .sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  const periods: Period[] = [];
  const notes: string[] = [];
  for (const period of sorted) {
    const previous = periods.at(-1);
    if (previous && previous.start === period.start && previous.end === period.end) continue;
    if (previous && period.start <= previous.end) {
      notes.push(
        `The billing period ${period.start} to ${period.end} overlaps ${previous.start} to ${previous.end} and was left out.`,
      );
      continue;
    }
    periods.push({ start: period.start, end: period.end });
  }
  return { periods, notes };
}

/** The engine's bill as the API answers it: cents as they are, kWh and kW rounded as data. */
export function estimateAnswer(
  bill: TariffBill,
  tariff: { id: number | null; name: string; utility: string },
  periods: BillEstimate['periods'],
  notes: readonly string[],
): BillEstimate {
  const { totalCents, ...components } = bill.totals;
  return {
    tariff: { ...tariff, dgrules: bill.dgrules },
    periods,
    total: moneyData(totalCents / 100),
    totalCents,
    annualCents: bill.annualCents,
    days: bill.days,
    months: bill.bills.map((b) => ({
      start: b.start,
      end: b.end,
      days: b.days,
      partial: b.partial,
      importKWh: kwhData(b.importKWh),
      exportKWh: kwhData(b.exportKWh),
      peakKw: kwData(b.peakKw),
      missingSlots: b.missingSlots,
      fixedCents: b.fixedCents,
      energyCents: b.energyCents,
      exportCreditCents: b.exportCreditCents,
      demandCents: b.demandCents,
      netMeteringCents: b.netMeteringCents,
      trueUpCents: b.trueUpCents,
      minimumCents: b.minimumCents,
      totalCents: b.totalCents,
    })),
    components,
    notes: [...notes, ...bill.notes],
  };
}
