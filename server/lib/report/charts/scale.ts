const tickFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Round numbers from 0 up to at least `max`, about `count` of them. */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const rough = max / count;
  const decade = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((s) => s * decade >= rough) ?? 10) * decade;
  const ticks: number[] = [];
  for (let i = 0; i * step < max + step * 1e-9 || ticks.length < 2; i++) {
    ticks.push(Number((i * step).toPrecision(12)));
    if (i * step >= max) break;
  }
  return ticks;
}

export const formatTick = (value: number) => tickFormat.format(value);

/** Coordinates to one decimal keep the SVG small. */
export const px = (value: number) => Math.round(value * 10) / 10;
