/**
 * How every number a person or an API client reads is rounded, one rule per quantity, for the
 * server and the client alike.
 *
 * - Energy (kWh) and power (kW): to the thousandth in data (API responses, manifest.json,
 *   CSV exports: the watt-hour and the watt), to the hundredth on screen and paper. A whole
 *   kWh figure prints without decimals (45,720 kWh); kW always prints two (6.40 kW).
 * - Money: to the cent everywhere (`$1,234.56` on screen; dollars with two decimals, or whole
 *   cents, in data).
 * - Prices per kWh: to a hundredth of a cent in data, a tenth of a cent on screen ($0.390).
 * - Percentages: to the thousandth in data (a tiny share of estimated readings stays told
 *   from none), one decimal on screen (98.6%, and "under 0.1%" for a share above zero that
 *   would print as 0.0%). A share kept as a fraction (the load factor, 0.432) is to the same
 *   precision as its percentage, five decimals.
 *
 * Sums of floats carry noise (1668.5100000000168): it is rounded off here, where a figure leaves
 * the server or reaches the screen, never inside the engines' arithmetic. What a screen shows
 * is rounded from the data's figure, so the two never disagree in their last shown digit.
 */

/**
 * `value` to `places` decimals, half away from zero, as its decimal reading says: the binary
 * noise of the product (1.005 × 100 = 100.49999999999999) is cut at 15 significant digits first.
 * Never `-0`; NaN and infinities are returned as they are.
 */
function roundTo(value: number, places: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** places;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = Math.round(scaled) / factor;
  return rounded === 0 ? 0 : Math.sign(value) * rounded;
}

// ---- In data: JSON, manifest.json, CSV.

/** kWh to the watt-hour: 1668.5100000000168 -> 1668.51. */
export const kwhData = (kWh: number) => roundTo(kWh, 3);
/** kW to the watt. */
export const kwData = (kW: number) => roundTo(kW, 3);
/** Dollars to the cent. */
export const moneyData = (dollars: number) => roundTo(dollars, 2);
/** Dollars per kWh to a hundredth of a cent. */
export const rateData = (perKwh: number) => roundTo(perKwh, 4);
/** A percentage (0-100) to the thousandth. */
export const pctData = (pct: number) => roundTo(pct, 3);
/** A share kept as a fraction (0-1), to the precision of its percentage. */
export const shareData = (fraction: number) => roundTo(fraction, 5);

/** The same, for a figure that may be unknown (null or undefined stay as they are). */
export function maybe<T extends null | undefined>(
  round: (value: number) => number,
  value: number | T,
): number | T {
  return typeof value === 'number' ? round(value) : value;
}

// ---- On screen and paper (en-US): the figure without its unit.

const twoAtMost = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});
const twoFixed = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});
const oneFixed = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'negative',
});
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  signDisplay: 'negative',
});
const usdRate = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 3,
  maximumFractionDigits: 3,
  signDisplay: 'negative',
});

/** `1,668.51`, `1,391.67`, `45,720`: kWh to the hundredth. */
export const kwhText = (kWh: number) => twoAtMost.format(roundTo(kwhData(kWh), 2));
/** `6.64`, `2.00`: kW to the hundredth. */
export const kwText = (kW: number) => twoFixed.format(roundTo(kwData(kW), 2));
/** `$651.19` for an amount in dollars. */
export const dollarsText = (dollars: number) => usd.format(moneyData(dollars));
/** `$8,247.50` for an amount in cents. */
export const moneyText = (cents: number) => dollarsText(cents / 100);
/** `$0.390` for a price per kWh. */
export const rateText = (perKwh: number) => usdRate.format(roundTo(rateData(perKwh), 3));

/** `98.6%`, `100.0%`, `under 0.1%` for a percentage on the 0-100 scale. */
export function pctText(pct: number): string {
  const shown = roundTo(pctData(pct), 1);
  if (shown === 0 && pctData(pct) > 0) return 'under 0.1%';
  return `${oneFixed.format(shown)}%`;
}

type Headline = {
  usageKwh: number | null;
  costDollars: number | null;
  peakKw: number | null;
  loadFactor: number | null;
  coveragePct: number | null;
};

/** A report's headline figures (its summary) as data: the API, manifest.json, the email. */
export function headlineData<T extends Headline>(summary: T): T {
  return {
    ...summary,
    usageKwh: maybe(kwhData, summary.usageKwh),
    costDollars: maybe(moneyData, summary.costDollars),
    peakKw: maybe(kwData, summary.peakKw),
    loadFactor: maybe(shareData, summary.loadFactor),
    coveragePct: maybe(pctData, summary.coveragePct),
  };
}
