import { rateText } from '../../../../common/quantities.ts';
import { GAS_UNIT_LABELS, KWH_PER_THERM } from '../../intervals/gas.ts';
import { formatKWh, formatLocalDate, formatMoney, formatMonth } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import type { ReportGas } from '../types.ts';
import { facts, method, section, table } from './layout.ts';

/**
 * The gas the utility metered, in its own unit: usage and cost by month, cost per unit, and for
 * therms the kWh figure beside them, labelled. Volumes (ccf, m³) are never turned into kWh: the
 * heat content that would take is on the bill, not in the file.
 */
export function gasSection(gas: ReportGas): SafeHtml {
  const a = gas.analytics;
  const unit = GAS_UNIT_LABELS[a.unit];
  const quantity = (x: number) => `${formatKWh(x)} ${unit.many}`;
  const perUnit = (x: number) => `${rateText(x)} per ${unit.one}`;
  const zone = a.timeZone;
  const last = a.end > a.start ? a.end - 1 : a.end;
  const rows: Array<[string, SafeHtml | string]> = [
    [
      'Readings',
      `${a.periods} ${periodWords(a.periodSeconds)}, ${formatLocalDate(a.start, zone)} to ${formatLocalDate(last, zone)}`,
    ],
    ['Usage', quantity(a.total)],
    ['Cost', a.cost === undefined ? 'Not given in the file' : formatMoney(a.cost)],
    [`Cost per ${unit.one}`, a.costPerUnit === undefined ? 'Not known' : perUnit(a.costPerUnit)],
  ];
  if (a.kWhEquivalent !== undefined) {
    rows.push([
      'Energy in kWh (for comparison)',
      `${formatKWh(a.kWhEquivalent)} kWh at ${KWH_PER_THERM} kWh per therm`,
    ]);
  }
  return section(
    'gas',
    'Gas',
    html`<p>From ${gas.fileName}, in ${unit.many} as the utility metered them.</p>`,
    facts(rows),
    table(
      [
        { label: 'Month' },
        { label: `Usage, ${unit.many}`, numeric: true },
        { label: 'Cost', numeric: true },
        { label: `Cost per ${unit.one}`, numeric: true },
        { label: 'Days covered', numeric: true },
      ],
      a.monthly.map((m) => [
        `${formatMonth(m.month)}${m.split ? ' *' : ''}`,
        formatKWh(m.quantity),
        m.cost === undefined ? '' : formatMoney(m.cost),
        m.cost === undefined || m.quantity <= 0 ? '' : rateText(m.cost / m.quantity),
        formatKWh(m.days),
      ]),
      { caption: `Gas usage by month (${zone})` },
    ),
    a.notes.length > 0 || gas.notes.length > 0
      ? html`<ul class="notes">${[...gas.notes, ...a.notes].map((n) => html`<li>${n}</li>`)}</ul>`
      : null,
    method(
      `the readings' quantities summed by local calendar month; a reading that spans two months (a billing period) is shared between them by the days it covers in each (marked *). Cost per ${unit.one} is the cost divided by the usage.${
        a.kWhEquivalent === undefined
          ? ' The volume is not converted to kWh: that needs the heat content on the bill.'
          : ` The kWh figure is the therms times ${KWH_PER_THERM} (one therm is 100,000 Btu), for comparison with electricity only.`
      }`,
    ),
  );
}

function periodWords(seconds: number): string {
  if (seconds === 86_400) return 'daily readings';
  if (seconds >= 27 * 86_400) return 'billing-period readings';
  if (seconds === 3600) return 'hourly readings';
  return 'readings';
}
