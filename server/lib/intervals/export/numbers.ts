/** kWh with at most six decimals (a milliwatt-hour), never in exponent form, no `-0`. */
export function formatKWh(value: number): string {
  const rounded = Math.round(value * 1e6) / 1e6;
  return rounded === 0 ? '0' : String(rounded);
}
