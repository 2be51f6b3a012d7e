import { heatmap } from '../charts/heatmap.ts';
import { profileChart } from '../charts/profile-chart.ts';
import { formatInt, formatKWh, formatKw, formatLocal, formatPct } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import type { IntervalView } from '../interval-view.ts';
import { facts, figure, method, notRecorded, section, table } from './layout.ts';

export function loadSection(view: IntervalView): SafeHtml {
  const { analytics, series } = view;
  const zone = series.timeZone;
  const peak = analytics.peak;
  const hourly = series.sourceIntervalSeconds > 900;
  const filled = analytics.heatmap.flat().filter((v) => v !== null).length;
  return section(
    'load',
    'Load analytics',
    html`<p>From the ${view.resolution} interval data in “${view.fileName}”, ${view.firstDate} to ${view.lastDate}, local time ${zone}.${
      hourly
        ? ` The source data is ${view.resolution}, so demand figures are averages over each ${formatInt(series.sourceIntervalSeconds / 60)}-minute reading.`
        : ''
    }</p>`,
    facts([
      [
        'Peak demand',
        peak
          ? html`<strong>${formatKw(peak.kW)} kW</strong> at ${formatLocal(peak.start, zone)}`
          : notRecorded('Not available'),
      ],
      ['Average load', `${formatKw(analytics.averageKw)} kW`],
      [
        'Base load',
        analytics.baseLoadKw > 0 || analytics.daily.some((d) => d.slots >= 80)
          ? html`${formatKw(analytics.baseLoadKw)} kW <span class="source">(median over complete days of the lowest hourly average${view.series.hasReceived ? ', hours with export left out' : ''})</span>`
          : notRecorded('Not available (no complete day of data)'),
      ],
      [
        'Load factor',
        peak && peak.kW > 0
          ? html`${formatPct(analytics.loadFactor * 100)} <span class="source">(average load ÷ peak demand)</span>`
          : notRecorded('Not available'),
      ],
    ]),
    html`<h3>Average daily profile</h3>`,
    figure(
      profileChart('Average demand by hour, weekdays and weekends', [
        { name: 'Weekdays (Mon–Fri)', color: '#1f5fa8', values: analytics.loadProfile.weekday },
        { name: 'Weekends (Sat–Sun)', color: '#e08a1e', values: analytics.loadProfile.weekend },
      ]),
      `Average kW in each local hour (${zone}); a break in a line is an hour without data.`,
    ),
    html`<h3>Month-by-hour heatmap</h3>`,
    figure(
      heatmap('Average demand by month and hour of day', analytics.heatmap),
      `Average kW by calendar month and local hour; ${filled} of 288 cells have data.`,
    ),
    html`<h3>Top ${view.topPeaks.length} peak intervals</h3>`,
    view.topPeaks.length
      ? table(
          [
            { label: '#', numeric: true },
            { label: 'Local start' },
            { label: 'Length' },
            { label: 'kW', numeric: true },
            { label: 'kWh', numeric: true },
          ],
          view.topPeaks.map((p, i) => [
            formatInt(i + 1),
            formatLocal(p.start, zone),
            `${p.minutes} min`,
            formatKw(p.kW),
            formatKWh(p.kWh),
          ]),
          { caption: 'Highest average demand per interval at the source resolution.' },
        )
      : html`<p class="note">No complete interval to rank.</p>`,
    method(
      `demand is each interval’s kWh divided by its length in hours; the average load is delivered kWh over the hours with data.`,
    ),
  );
}
