import { formatKWh, formatKw, formatMoney, formatPct } from '../format.ts';
import { type HtmlValue, html, type SafeHtml } from '../html.ts';
import type { ReportModel } from '../model.ts';
import type { ReportBatteryOnPlan, ReportExportsOnPlan, ReportStorageAndSolar } from '../types.ts';
import { facts, method, section, table } from './layout.ts';

const money = (cents: number) => formatMoney(cents / 100);

const RUNS: Record<ReportBatteryOnPlan['sizes'][number]['strategy'], string> = {
  'demand and arbitrage': 'Shaves each month’s demand, then moves energy to dearer hours',
  arbitrage: 'Moves energy from cheaper to dearer hours',
  idle: 'Left idle: it would not lower this plan’s bills',
};

/** The plan every figure of the section is priced on: name, effective date and source. */
function planLine(study: ReportStorageAndSolar): SafeHtml {
  const { plan } = study;
  return html`<strong>${plan.name}</strong><div class="source">Effective ${plan.effectiveDate ?? 'date not stated'} · Source: ${plan.source ?? 'not stated'}</div>`;
}

/**
 * What a battery and the customer's exports are worth on the current rate plan, priced by the
 * same tariff engine and on the same days as the rate plans. No section without a current plan
 * (the input then has no `storageAndSolar`).
 */
export function storageAndSolarSection(model: ReportModel): SafeHtml | null {
  const study = model.input.storageAndSolar;
  if (!study || !model.intervals) return null;
  const span = `${study.periodStart} to ${study.periodEnd} (${study.days} days)`;
  return section(
    'storage-and-solar',
    'Battery and solar on the current plan',
    facts([
      ['Plan', planLine(study)],
      ['Priced on', `The interval data of ${span}, as the rate plans are`],
      ['Annual cost as metered', money(study.annualCents)],
    ]),
    study.battery ? batteryPart(study, study.battery) : null,
    study.solar ? exportsPart(study, study.solar) : null,
  );
}

function batteryPart(study: ReportStorageAndSolar, battery: ReportBatteryOnPlan): SafeHtml {
  const power = formatKw(battery.powerKw);
  const columns = [
    { label: 'Battery' },
    { label: 'Annual cost with it', numeric: true },
    { label: 'Annual saving', numeric: true },
    ...(battery.demandCharges ? [{ label: 'Peak demand, kW', numeric: true }] : []),
    { label: 'Given out, kWh', numeric: true },
    { label: 'How it runs' },
  ];
  const rows = battery.sizes.map((size): HtmlValue[] => [
    `${power} kW / ${formatKWh(size.energyKWh)} kWh (${size.hours} h)`,
    money(size.annualCents),
    html`<strong>${money(size.savingsCents)}</strong>`,
    ...(battery.demandCharges ? [`${formatKw(size.peakKw)} → ${formatKw(size.peakWithKw)}`] : []),
    formatKWh(size.dischargedKWh),
    RUNS[size.strategy],
  ]);
  const rating = battery.chosen
    ? `Battery power ${power} kW: about a quarter of the peak, rounded (no rating was given), as in the peak-reduction estimate.`
    : `Battery power ${power} kW, as ordered.`;
  return html`<h3>A battery dispatched against ${study.plan.name}</h3>
${table(columns, rows, {
  caption: `${rating} Costs under ${study.plan.name} (effective ${study.plan.effectiveDate ?? 'date not stated'}), before and with the battery.`,
  stack: true,
})}
${method(
  `each local day the battery starts and ends empty. ${battery.demandCharges ? 'The plan charges for demand, so each month’s demand-charged quarter hours are first held to the lowest threshold the battery can keep, charging earlier without lifting them above it. ' : ''}Then energy is charged in the day’s cheapest quarter hours (a kWh the site would export costs what its export earns) and given out in the dearest, as long as a kWh given out is worth more than the kWh drawn for it after losses; it charges and discharges within its power, holds no more than its capacity, and gives the load no more than it imports, so it never exports. Charging stores ${formatPct(battery.roundTripEfficiency * 100)} of the energy drawn (round-trip efficiency). The tariff engine prices the metered data and the data with the battery under the plan, and the cheaper of shaving demand with arbitrage, arbitrage alone, or no dispatch is kept, so no battery is shown costing more than none. A forecast with perfect knowledge of the load; tiered prices are read at their first tier.`,
)}`;
}

function exportsPart(study: ReportStorageAndSolar, solar: ReportExportsOnPlan): SafeHtml {
  const priceTable = solar.exportPrices ?? null;
  // A plan whose data carries an export price table but names no rule is billed by net metering
  // or net billing according to when the system was interconnected, which the data does not say:
  // both are shown and neither is marked as assumed.
  const stated = solar.planRule ?? (priceTable ? null : 'Net Metering');
  const label = (rule: string) =>
    rule === stated
      ? html`<strong>${rule}</strong> (${solar.planRule ? 'the plan’s rule' : 'assumed: the plan names none'})`
      : rule;
  const rows: HtmlValue[][] = [
    ...solar.rules.map((r) => [label(r.rule), money(r.annualCents), money(r.exportValueCents)]),
    ...solar.notValued.map((n) => [
      html`${label(n.rule)}<div class="source">${n.reason}</div>`,
      'Not valued',
      '—',
    ]),
  ];
  const prices = priceTable
    ? html`<p>Exports under net billing are paid at <strong>${priceTable.name}</strong>: a price for each hour of each month, weekdays apart from weekends and holidays.</p><p class="source">Effective ${priceTable.effectiveDate ?? 'date not stated'} · Source: ${priceTable.source ?? 'not stated'}</p>${
        solar.planRule
          ? null
          : html`<p>Which rule bills these exports depends on when the system was interconnected: net metering (NEM 2.0) for applications before 15 April 2023, net billing at these prices after.</p>`
      }`
    : null;
  const noPrice = solar.hasExportPrices
    ? null
    : html`<p class="note">${study.plan.name}’s rate data gives no export price, so under net billing the exports earn nothing here; the utility’s export compensation, where it pays one apart from the plan, is not included.</p>`;
  return html`<h3>The exports under each export rule</h3>
<p>Over the period the data shows ${formatKWh(solar.exportKWh)} kWh exported and ${formatKWh(solar.importKWh)} kWh imported. Without the exports, ${study.plan.name} would cost ${money(solar.withoutExportsCents)} a year.</p>
${table(
  [
    { label: 'Export rule' },
    { label: 'Annual cost', numeric: true },
    { label: 'Worth of the exports', numeric: true },
  ],
  rows,
  {
    caption: `${study.plan.name} (effective ${study.plan.effectiveDate ?? 'date not stated'}) with its import prices kept and the exports valued by each rule.`,
  },
)}
${prices}
${noPrice}
${method(
  'net metering nets each time-of-use period’s exports against its imports over each monthly bill at the retail price, carrying a month’s surplus credit forward in dollars to the year’s end (where it expires; no net surplus compensation is counted), and the non-bypassable charges NEM 2.0 bills on imports are not counted. Instantaneous net billing buys every imported quarter hour at the plan’s price and pays every exported one at its export price (the price of its hour where the plan has an hourly table); hourly net billing first offsets imports and exports within each clock hour. The worth of the exports is the annual cost with them thrown away less the annual cost under the rule.',
)}`;
}
