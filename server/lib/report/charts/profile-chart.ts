import { formatKw } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import { legend } from './bars.ts';
import { formatTick, niceTicks, px } from './scale.ts';

export interface ProfileLine {
  name: string;
  color: string;
  /** Average kW for local hours 0-23; null where there is no data (the line breaks). */
  values: Array<number | null>;
}

const WIDTH = 680;
const HEIGHT = 240;
const M = { top: 16, right: 12, bottom: 44, left: 60 };

/** Average demand by hour of the day, one line per kind of day. */
export function profileChart(title: string, lines: ProfileLine[]): SafeHtml {
  const max = Math.max(0, ...lines.flatMap((l) => l.values.filter((v): v is number => v !== null)));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1] as number;
  const plotW = WIDTH - M.left - M.right;
  const plotH = HEIGHT - M.top - M.bottom;
  // Each hour's average sits in the middle of its hour.
  const x = (hour: number) => M.left + ((hour + 0.5) / 24) * plotW;
  const y = (v: number) => M.top + plotH - (Math.max(0, v) / top) * plotH;
  return html`<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${title}">
<title>${title}</title>
${ticks.map(
  (
    t,
  ) => html`<line x1="${M.left}" x2="${WIDTH - M.right}" y1="${px(y(t))}" y2="${px(y(t))}" stroke="#d9dee5" stroke-width="1"/>
<text x="${M.left - 6}" y="${px(y(t) + 4)}" text-anchor="end" font-size="11" fill="#4a5563">${formatTick(t)}</text>`,
)}
<text x="12" y="${px(M.top + plotH / 2)}" font-size="11" fill="#4a5563" text-anchor="middle" transform="rotate(-90 12 ${px(M.top + plotH / 2)})">kW</text>
${[0, 3, 6, 9, 12, 15, 18, 21, 24].map(
  (h) =>
    html`<text x="${px(M.left + (h / 24) * plotW)}" y="${HEIGHT - M.bottom + 16}" text-anchor="${h === 24 ? 'end' : h === 0 ? 'start' : 'middle'}" font-size="11" fill="#4a5563">${String(h).padStart(2, '0')}:00</text>`,
)}
<line x1="${M.left}" x2="${WIDTH - M.right}" y1="${px(y(0))}" y2="${px(y(0))}" stroke="#4a5563" stroke-width="1"/>
${lines.map(
  (
    line,
  ) => html`<path d="${pathOf(line.values, x, y)}" fill="none" stroke="${line.color}" stroke-width="2"/>
${line.values.map((v, h) =>
  v === null
    ? null
    : html`<circle cx="${px(x(h))}" cy="${px(y(v))}" r="2.5" fill="${line.color}"><title>${line.name}, ${String(h).padStart(2, '0')}:00: ${formatKw(v)} kW</title></circle>`,
)}`,
)}
${legend(lines, HEIGHT - 8)}
</svg>`;
}

/** An SVG path through the points, lifting the pen over hours without data. */
function pathOf(
  values: Array<number | null>,
  x: (hour: number) => number,
  y: (value: number) => number,
): string {
  let d = '';
  let pen = false;
  values.forEach((v, h) => {
    if (v === null) {
      pen = false;
      return;
    }
    d += `${pen ? 'L' : 'M'}${px(x(h))} ${px(y(v))}`;
    pen = true;
  });
  return d;
}
