import { SOLAR_HOURS } from '../analysis/hints.ts';
import { ROUND_TRIP_EFFICIENCY } from '../analysis/peak-shaving.ts';
import { formatKWh, formatKw, formatPct } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import type { IntervalView } from '../interval-view.ts';
import { method, section, table } from './layout.ts';

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function hintsSection(view: IntervalView): SafeHtml {
  const zone = view.series.timeZone;
  const window = `${hh(SOLAR_HOURS.from)}–${hh(SOLAR_HOURS.to)}`;
  return section(
    'hints',
    'Project hints',
    html`<h3>Daytime (solar-hours) share of consumption</h3>`,
    view.daytime
      ? html`<p><strong>${formatPct(view.daytime.sharePct)}</strong> of delivered energy (${formatKWh(view.daytime.daytimeKWh)} of ${formatKWh(view.daytime.totalKWh)} kWh) was used between ${window} local time.</p>`
      : html`<p class="note">No delivered energy in the interval data, so no daytime share.</p>`,
    method(
      `sum of delivered kWh in the intervals starting ${hh(SOLAR_HOURS.from)} to ${String(SOLAR_HOURS.to - 1).padStart(2, '0')}:45 local time (${zone}), divided by all delivered kWh.`,
    ),
    html`<h3>Peak reduction with a battery</h3>`,
    batteryPart(view),
    html`<h3>Solar export</h3>`,
    exportPart(view),
  );
}

function batteryPart(view: IntervalView): SafeHtml {
  const battery = view.battery;
  if (!battery) {
    return html`<p class="note">The interval data shows no demand to reduce, so no battery estimate.</p>`;
  }
  const power = formatKw(battery.powerKw);
  return html`${table(
    [
      { label: 'Battery' },
      { label: 'Peak now, kW', numeric: true },
      { label: 'New peak, kW', numeric: true },
      { label: 'Reduction, kW', numeric: true },
      { label: 'Reduction', numeric: true },
      { label: 'Limited by' },
    ],
    battery.results.map((r) => [
      `${power} kW / ${formatKWh(r.energyKWh)} kWh (${r.hours} h)`,
      formatKw(r.peakKw),
      formatKw(r.newPeakKw),
      formatKw(r.reductionKw),
      formatPct(r.reductionPct),
      r.limitedBy === 'power' ? 'power (kW)' : 'stored energy (kWh)',
    ]),
    {
      caption: battery.chosen
        ? `Battery power ${power} kW: about a quarter of the peak, rounded (no rating was given).`
        : `Battery power ${power} kW, as ordered.`,
    },
  )}
${method(
  `peak shaving simulated on every 15-minute interval of the series: for a grid-demand threshold T the battery (starting full) discharges whatever the load exceeds T by, within its power and remaining energy, and recharges within its power whenever the load is below T without lifting demand above T; charging stores ${formatPct(ROUND_TRIP_EFFICIENCY * 100)} of the energy drawn (round-trip efficiency). The new peak is the lowest T the battery holds over the whole series, found by bisection. Intervals without data are idle. A forecast, not a guarantee: it assumes perfect knowledge of the load.`,
)}`;
}

function exportPart(view: IntervalView): SafeHtml {
  const exported = view.exported;
  if (!view.series.hasReceived) {
    return html`<p class="note">The interval data has no export (received) channel, so there is no solar export to report.</p>`;
  }
  if (!exported) {
    return html`<p class="note">The interval data has an export channel but no delivered energy to compare it with.</p>`;
  }
  return html`<p><strong>${formatPct(exported.sharePct)}</strong> export share: ${formatKWh(exported.receivedKWh)} kWh received by the grid against ${formatKWh(exported.deliveredKWh)} kWh delivered; net ${formatKWh(exported.netKWh)} kWh.</p>
${method('received kWh divided by delivered kWh over the whole series. The meter sees only what crosses it, so on-site solar used on site is not counted in either figure.')}`;
}
