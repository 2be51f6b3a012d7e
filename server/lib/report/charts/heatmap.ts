import { formatKw, monthName } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import { px } from './scale.ts';

const WIDTH = 680;
const M = { top: 8, right: 12, bottom: 58, left: 44 };
const ROW = 18;
/** Light to dark blue: a sequential scale that prints legibly in grey too. */
const LOW = [239, 246, 255];
const HIGH = [8, 48, 107];
const NO_DATA = '#e5e7eb';

function colorOf(share: number): string {
  const c = LOW.map((low, i) => Math.round(low + ((HIGH[i] as number) - low) * share));
  return `rgb(${c.join(',')})`;
}

/** Average kW by month (rows, January first) and local hour (columns, midnight first). */
export function heatmap(title: string, cells: Array<Array<number | null>>): SafeHtml {
  const values = cells.flat().filter((v): v is number => v !== null);
  const min = values.length ? Math.min(...values) : 0;
  const max = values.length ? Math.max(...values) : 0;
  const share = (v: number) => (max > min ? (v - min) / (max - min) : 0.5);
  const cellW = (WIDTH - M.left - M.right) / 24;
  const height = M.top + 12 * ROW + M.bottom;
  const legendY = M.top + 12 * ROW + 30;
  const steps = [0, 0.25, 0.5, 0.75, 1];
  return html`<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${title}">
<title>${title}</title>
${cells.map(
  (
    row,
    m,
  ) => html`<text x="${M.left - 6}" y="${M.top + m * ROW + 13}" text-anchor="end" font-size="11" fill="#4a5563">${monthName(m)}</text>
${row.map(
  (v, h) =>
    html`<rect class="${v === null ? 'cell no-data' : 'cell'}" x="${px(M.left + h * cellW)}" y="${M.top + m * ROW}" width="${px(cellW - 1)}" height="${ROW - 1}" fill="${v === null ? NO_DATA : colorOf(share(v))}"><title>${monthName(m)} ${String(h).padStart(2, '0')}:00: ${v === null ? 'no data' : `${formatKw(v)} kW`}</title></rect>`,
)}`,
)}
${[0, 3, 6, 9, 12, 15, 18, 21].map(
  (h) =>
    html`<text x="${px(M.left + h * cellW)}" y="${M.top + 12 * ROW + 14}" font-size="11" fill="#4a5563">${String(h).padStart(2, '0')}:00</text>`,
)}
${
  values.length
    ? steps.map(
        (s, i) =>
          html`<rect x="${M.left + i * 96}" y="${legendY}" width="14" height="12" fill="${colorOf(s)}"/><text x="${M.left + i * 96 + 18}" y="${legendY + 10}" font-size="11" fill="#1f2933">${formatKw(min + (max - min) * s)} kW</text>`,
      )
    : null
}
<rect x="${M.left + 5 * 96}" y="${legendY}" width="14" height="12" fill="${NO_DATA}"/><text x="${M.left + 5 * 96 + 18}" y="${legendY + 10}" font-size="11" fill="#1f2933">no data</text>
</svg>`;
}
