// A statement's bill reproduced from the interval data under the tariff its rate schedule names,
// for the statement's own billing period, and set against what the statement charged: how far
// the two are apart, and why, in words a customer can read.

import { kwhText, moneyText } from '../../../common/quantities.ts';
import { type CanonicalSeries, localDateOf, SLOT_MS } from '../intervals/index.ts';
import { priceTariff } from './index.ts';
import type { UrdbRate } from './urdb.ts';

/** What a statement says of one billing period, as its reader found it. */
export interface StatementPeriod {
  /** Local dates `YYYY-MM-DD`, both days included. */
  start: string;
  end: string;
  /** The period's electric charges (no earlier balance, no payment), when read. */
  chargesCents?: number;
  /** Of those, generation billed on its own line (by a community choice or other supplier). */
  generationCents?: number;
  /** The kWh the statement bills, when read. */
  totalKWh?: number;
}

export interface Reconciliation {
  /** The period's bill under the tariff; null when the interval data cannot give it. */
  computedCents: number | null;
  statementCents: number | null;
  /** computed - statement: negative when the reproduced bill is lower. */
  differenceCents: number | null;
  /** The interval data's kWh in the period (when priced). */
  intervalKWh: number | null;
  /** Why the two differ, or why they cannot be compared, in plain words. */
  reasons: string[];
}

/** The share of a period's quarter hours the data may lack and still be compared. */
const MAX_MISSING_SHARE = 0.02;
/** Within this much (or 1% of the statement) the two agree. */
const AGREE_CENTS = 100;

const money = moneyText;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * The statement's billing period priced under `rate` on `series` (the rate's utility's holidays,
 * as every bill), compared with the statement's charges. `effectiveDate` is when the tariff's
 * rates took effect (`YYYY-MM-DD`), to say when the statement was billed at other rates.
 */
export function reconcileStatement(
  series: CanonicalSeries,
  rate: UrdbRate,
  statement: StatementPeriod,
  options: { effectiveDate?: string | null } = {},
): Reconciliation {
  const { start, end } = statement;
  const statementCents = statement.chargesCents ?? null;
  const none = (reason: string): Reconciliation => ({
    computedCents: null,
    statementCents,
    differenceCents: null,
    intervalKWh: null,
    reasons: [reason],
  });
  const first = localDateOf(series.start, series.timeZone);
  const last = localDateOf(series.start + series.length * SLOT_MS - 1, series.timeZone);
  const days = dayNumber(end) - dayNumber(start) + 1;
  if (series.length === 0 || end < first || start > last) {
    return none(
      `The statement's billing period, ${start} to ${end}, is outside the interval data (${first} to ${last}), so its bill cannot be reproduced and compared.`,
    );
  }
  if (start < first || end > last) {
    const covered =
      Math.min(dayNumber(end), dayNumber(last)) - Math.max(dayNumber(start), dayNumber(first)) + 1;
    return none(
      `The interval data covers ${covered} of the ${days} days of the statement's billing period (${start} to ${end}), so its bill cannot be reproduced in full and is not compared.`,
    );
  }
  const bill = priceTariff(series, rate, { periods: [{ start, end }] }).bills[0];
  if (!bill) return none('The billing period could not be priced.');
  const expected = days * 96;
  if (bill.missingSlots > expected * MAX_MISSING_SHARE) {
    const share = Math.round((bill.missingSlots / expected) * 100);
    return none(
      `The interval data lacks about ${share}% of the quarter hours of ${start} to ${end}, too many to reproduce the statement's bill.`,
    );
  }
  const computedCents = bill.totalCents;
  const reasons: string[] = [];
  if (bill.missingSlots > 0) {
    reasons.push(
      `The interval data lacks ${bill.missingSlots} quarter hours of the period; the bill is priced on the data there is.`,
    );
  }
  if (statementCents === null) {
    reasons.unshift(
      "The statement's charges were not read from it, so the bill cannot be compared.",
    );
    return {
      computedCents,
      statementCents,
      differenceCents: null,
      intervalKWh: bill.importKWh,
      reasons,
    };
  }
  const differenceCents = computedCents - statementCents;
  const agree = Math.abs(differenceCents) <= Math.max(AGREE_CENTS, Math.abs(statementCents) / 100);
  reasons.unshift(
    differenceCents === 0
      ? 'The reproduced bill matches the statement to the cent.'
      : agree
        ? `The reproduced bill is within ${money(Math.abs(differenceCents))} of the statement.`
        : `The reproduced bill is ${money(Math.abs(differenceCents))} ${differenceCents < 0 ? 'lower' : 'higher'} than the statement.`,
  );
  if (options.effectiveDate && options.effectiveDate > end) {
    reasons.push(
      `The plan's rates are those in effect from ${options.effectiveDate}; the statement was billed at the rates in force from ${start} to ${end}.`,
    );
  }
  if (statement.totalKWh !== undefined) {
    const gap = bill.importKWh - statement.totalKWh;
    if (Math.abs(gap) > Math.max(1, statement.totalKWh * 0.02)) {
      reasons.push(
        `The interval data holds ${kwhText(bill.importKWh)} kWh for the period and the statement bills ${kwhText(statement.totalKWh)} kWh, so usage differs as well as price.`,
      );
    }
  }
  if (statement.generationCents !== undefined && statement.generationCents !== 0) {
    reasons.push(
      `The statement bills generation on its own (${money(statement.generationCents)}); a community choice or other supplier's generation is priced at its own rates, not the plan's.`,
    );
  }
  reasons.push(
    "The statement's charges include taxes, franchise fees and other charges the plan's rates do not carry (such as a utility users' tax, an energy commission tax or a power charge indifference adjustment), and credits such as the California Climate Credit.",
  );
  return {
    computedCents,
    statementCents,
    differenceCents,
    intervalKWh: bill.importKWh,
    reasons,
  };
}
