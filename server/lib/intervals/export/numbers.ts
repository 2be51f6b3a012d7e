import { kwhData } from '../../../../common/quantities.ts';

/**
 * kWh of successive slots as the exports write them: to the watt-hour (the product's rule for
 * kWh in data), each slot the rounded running total less what was written before. A row is
 * within a watt-hour of its value, and the column sums to the rounded total however many
 * slots there are; rounding each slot alone would drift (an hourly 0.53 kWh split into four
 * quarters of 0.1325 would be written as 0.133 four times, 2 Wh too many every such hour).
 * Returns whole watt-hours.
 */
export function runningWattHours(): (kWh: number) => number {
  let total = 0;
  let written = 0;
  return (kWh) => {
    total += kWh;
    const upTo = Math.round(kwhData(total) * 1000);
    const wh = upTo - written;
    written = upTo;
    return wh;
  };
}

/** Watt-hours as kWh text: `0.133`, `2`, never in exponent form, no `-0`. */
export const kwhOfWattHours = (wh: number): string => (wh === 0 ? '0' : String(wh / 1000));
