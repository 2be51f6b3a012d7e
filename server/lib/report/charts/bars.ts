import { html, type SafeHtml } from '../html.ts';
import { formatTick, niceTicks, px } from './scale.ts';

export interface BarSeries {
  name: string;
  color: string;
  /** null: no data for that label (no bar, unlike a real zero). */
  values: Array<number | null>;
}

/** Full width in a section; `small` fits half a page (the cover), its text still legible. */
const SIZES = {
  full: { width: 680, height: 260, m: { top: 16, right: 12, bottom: 56, left: 60 } },
  small: { width: 340, height: 190, m: { top: 10, right: 6, bottom: 40, left: 46 } },
};
const FULL_LEFT = SIZES.full.m.left;

/** Grouped vertical bars, one group per label, with a value axis in `unit`. */
export function barChart(options: {
  title: string;
  unit: string;
  labels: string[];
  series: BarSeries[];
  /** Each bar's tooltip; none on a chart that only gives the shape (the cover's). */
  describe?: (label: string, series: BarSeries, value: number) => string;
  /** Axis text under each group when shorter than the label (e.g. `Feb` over `2024`). */
  ticks?: Array<{ text: string; sub: string | null }>;
  size?: keyof typeof SIZES;
}): SafeHtml {
  const { labels, series, unit } = options;
  const { width: WIDTH, height: HEIGHT, m: M } = SIZES[options.size ?? 'full'];
  const max = Math.max(
    0,
    ...series.flatMap((s) => s.values.filter((v): v is number => v !== null)),
  );
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1] as number;
  const plotW = WIDTH - M.left - M.right;
  const plotH = HEIGHT - M.top - M.bottom;
  const y = (v: number) => M.top + plotH - (Math.max(0, v) / top) * plotH;
  const group = plotW / Math.max(1, labels.length);
  const barW = (group * 0.75) / Math.max(1, series.length);
  const labelEvery = Math.ceil(labels.length / (options.size === 'small' ? 13 : 14));
  return html`<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${options.title}">
<title>${options.title}</title>
${ticks.map(
  (
    t,
  ) => html`<line x1="${M.left}" x2="${WIDTH - M.right}" y1="${px(y(t))}" y2="${px(y(t))}" stroke="#d9dee5" stroke-width="1"/>
<text x="${M.left - 6}" y="${px(y(t) + 4)}" text-anchor="end" font-size="11" fill="#4a5563">${formatTick(t)}</text>`,
)}
<text x="12" y="${px(M.top + plotH / 2)}" font-size="11" fill="#4a5563" text-anchor="middle" transform="rotate(-90 12 ${px(M.top + plotH / 2)})">${unit}</text>
${labels.map((label, i) => {
  const x0 = M.left + i * group + group * 0.125;
  return html`${series.map((s, k) => {
    const v = s.values[i];
    if (v === null || v === undefined) return null;
    return html`<rect x="${px(x0 + k * barW)}" y="${px(y(v))}" width="${px(Math.max(1, barW - 1))}" height="${px(Math.max(0, y(0) - y(v)))}" fill="${s.color}">${options.describe ? html`<title>${options.describe(label, s, v)}</title>` : null}</rect>`;
  })}${
    i % labelEvery === 0
      ? tickText(
          M.left + (i + 0.5) * group,
          HEIGHT - M.bottom,
          options.ticks?.[i] ?? { text: label, sub: null },
        )
      : null
  }`;
})}
<line x1="${M.left}" x2="${WIDTH - M.right}" y1="${px(y(0))}" y2="${px(y(0))}" stroke="#4a5563" stroke-width="1"/>
${series.length > 1 ? legend(series, HEIGHT - 8, M.left) : null}
</svg>`;
}

function tickText(x: number, axis: number, tick: { text: string; sub: string | null }): SafeHtml {
  const at = px(x);
  return html`<text x="${at}" y="${axis + 15}" text-anchor="middle" font-size="11" fill="#4a5563">${tick.text}</text>${
    tick.sub
      ? html`<text x="${at}" y="${axis + 28}" text-anchor="middle" font-size="11" fill="#4a5563">${tick.sub}</text>`
      : null
  }`;
}

export function legend(
  items: Array<{ name: string; color: string }>,
  baseline: number,
  left = FULL_LEFT,
): SafeHtml {
  const step = left < FULL_LEFT ? 110 : 150;
  return html`${items.map(
    (item, i) =>
      html`<rect x="${left + i * step}" y="${baseline - 9}" width="10" height="10" fill="${item.color}"/><text x="${left + i * step + 14}" y="${baseline}" font-size="11" fill="#1f2933">${item.name}</text>`,
  )}`;
}
