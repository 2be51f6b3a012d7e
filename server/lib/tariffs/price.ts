import { moneyData } from '../../../common/quantities.ts';
import { MISSING } from '../intervals/series.ts';
import type { CompiledTariff, TierTable } from './compile.ts';
import type { BillSpan, SeriesContext } from './context.ts';
import type { ChargeUnit, DgRules } from './urdb.ts';

export interface PriceOptions {
  /**
   * Net metering: $/kWh paid at the true-up for the year's net surplus (kWh exported beyond the
   * kWh imported). URDB does not carry it (California's net surplus compensation is set apart
   * from the tariff); 0 by default, so a surplus earns nothing.
   */
  netSurplusRate?: number;
  /**
   * Net metering: the local month (1-12) whose bill closes the year (the customer's true-up).
   * Without it a year is each run of 12 bills from the first. The last bill always closes.
   */
  trueUpMonth?: number;
  /**
   * Buy All Sell All: the generator's own output per slot (kWh, the series' grid), so the load
   * (import - export + generation) is bought and the generation sold. Without it the meter's
   * channels are priced: import bought, export sold.
   */
  generation?: Float64Array;
}

interface EnergyLine {
  /** 0-based period and tier of the tariff's structure. */
  period: number;
  tier: number;
  kWh: number;
  /** $/kWh applied: rate + adj to buy (and to credit under net metering), `sell` for export. */
  rate: number;
  cents: number;
}

interface DemandLine {
  kind: 'tou' | 'flat';
  period: number;
  tier: number;
  kW: number;
  /** $/kW: rate + adj. */
  rate: number;
  cents: number;
}

interface MonthBill extends BillSpan {
  /** The meter's channels over the period. */
  importKWh: number;
  exportKWh: number;
  /** Highest 15-minute average import in the period, kW. */
  peakKw: number;
  fixedCents: number;
  energy: EnergyLine[];
  energyCents: number;
  /** Export valued by the tariff's dgrules; each line and the sum are at most 0. */
  exportCredit: EnergyLine[];
  exportCreditCents: number;
  demand: DemandLine[];
  demandCents: number;
  /**
   * Net metering's carried credit in this bill: positive when the month's energy (charges less
   * export credit) came out below zero and that credit is carried forward; negative when credit
   * carried from earlier months pays this month's energy. 0 in the other dgrules.
   */
  netMeteringCents: number;
  /** Credit carried forward after this bill (net metering), in cents. */
  creditCarriedCents: number;
  /** Credit left at the true-up that expires unpaid (net metering; not part of the total). */
  creditExpiredCents: number;
  /** Net surplus compensation paid at the true-up (net metering), at most 0. */
  trueUpCents: number;
  /** What the bill adds to reach the tariff's minimum charge. */
  minimumCents: number;
  totalCents: number;
}

export interface TariffBill {
  name: string;
  utility: string;
  label: string | undefined;
  dgrules: DgRules;
  bills: MonthBill[];
  days: number;
  totals: {
    fixedCents: number;
    energyCents: number;
    exportCreditCents: number;
    demandCents: number;
    netMeteringCents: number;
    trueUpCents: number;
    minimumCents: number;
    totalCents: number;
  };
  /** The total scaled to 365 days when the bills cover more or less than a year. */
  annualCents: number;
  notes: string[];
}

/**
 * Dollars to integer cents, half away from zero as the decimal figure reads (common/quantities'
 * money rule). Every line item is rounded once, here; sums of lines are sums of whole cents.
 */
function cents(dollars: number): number {
  return Math.round(moneyData(dollars) * 100);
}

/** A charge given per day, month or year, for one bill. */
function periodCharge(amount: number, unit: ChargeUnit, span: BillSpan): number {
  if (unit === '$/day') return amount * span.days;
  if (unit === '$/year') return (amount / 12) * span.monthFraction;
  return amount * span.monthFraction;
}

/**
 * Spreads the kWh of each period over the tiers the way SAM's utilityrate5 does: the tiers'
 * limits apply to the month's total over all periods, and each period takes its share (its kWh
 * over the total) of every tier the total reaches. `limit` turns a tier's max into kWh.
 */
function tieredLines(
  amounts: Float64Array,
  offset: number,
  table: TierTable,
  limit: (period: number, max: number) => number,
  rates: Float64Array[],
  sign: 1 | -1,
  lines: EnergyLine[],
): number {
  const periods = table.max.length;
  let total = 0;
  for (let p = 0; p < periods; p++) {
    const a = amounts[offset + p] as number;
    if (a > 0) total += a;
  }
  if (total <= 0) return 0;
  let sum = 0;
  for (let p = 0; p < periods; p++) {
    const a = amounts[offset + p] as number;
    if (!(a > 0)) continue;
    const share = a / total;
    const maxes = table.max[p] as Float64Array;
    const periodRates = rates[p] as Float64Array;
    let previous = 0;
    for (let t = 0; t < maxes.length; t++) {
      const upper = limit(p, maxes[t] as number);
      const kWh = share * (Math.min(total, upper) - previous);
      if (kWh > 0) {
        const rate = periodRates[t] as number;
        const c = sign === 1 ? cents(kWh * rate) : 0 - cents(kWh * rate);
        lines.push({ period: p, tier: t, kWh, rate, cents: c });
        sum += c;
      }
      if (total <= upper) break;
      previous = upper;
    }
  }
  return sum;
}

/**
 * Exports priced at the tariff's export table: one line per energy period, its kWh and the
 * dollars they earned at each hour's price, rounded once; the line's rate is their average.
 */
function tableExportLines(
  kWhs: Float64Array,
  dollars: Float64Array,
  offset: number,
  periods: number,
  lines: EnergyLine[],
): number {
  let sum = 0;
  for (let p = 0; p < periods; p++) {
    const kWh = kWhs[offset + p] as number;
    if (!(kWh > 0)) continue;
    const value = dollars[offset + p] as number;
    const c = 0 - cents(value);
    lines.push({ period: p, tier: 0, kWh, rate: value / kWh, cents: c });
    sum += c;
  }
  return sum;
}

/** kW over the tiers of one demand period. */
function demandLines(
  kind: 'tou' | 'flat',
  period: number,
  kW: number,
  table: TierTable,
  lines: DemandLine[],
): number {
  const maxes = table.max[period] as Float64Array;
  const rates = table.buy[period] as Float64Array;
  let previous = 0;
  let sum = 0;
  for (let t = 0; t < maxes.length && kW > previous; t++) {
    const upper = maxes[t] as number;
    const inTier = Math.min(kW, upper) - previous;
    const rate = rates[t] as number;
    const c = cents(inTier * rate);
    lines.push({ kind, period, tier: t, kW: inTier, rate, cents: c });
    sum += c;
    previous = upper;
  }
  return sum;
}

interface Sums {
  imp: Float64Array;
  exp: Float64Array;
  /** $ the exports earn by bill and energy period, when the tariff's export table prices them. */
  expValue: Float64Array | undefined;
  touPeak: Float64Array;
  flatPeak: Float64Array;
  meterImport: Float64Array;
  meterExport: Float64Array;
}

/**
 * The one pass over the slots: kWh by bill and energy period, peaks by bill and demand period.
 * Typed arrays only, nothing allocated per slot.
 */
function accumulate(
  context: SeriesContext,
  tariff: CompiledTariff,
  nE: number,
  nD: number,
  generation: Float64Array | undefined,
): Sums {
  const { series, schedule, bill, hourStart } = context;
  const nb = context.bills.length;
  const sums: Sums = {
    imp: new Float64Array(nb * nE),
    exp: new Float64Array(nb * nE),
    expValue: undefined,
    touPeak: new Float64Array(nb * nD),
    flatPeak: new Float64Array(nb),
    meterImport: new Float64Array(nb),
    meterExport: new Float64Array(nb),
  };
  const { imp, exp, touPeak, flatPeak, meterImport, meterExport } = sums;
  const delivered = series.delivered;
  const received = series.received;
  const quality = series.quality;
  const energySchedule = tariff.energySchedule;
  const demandSchedule = tariff.demandSchedule;
  // Read once: an imported binding can be a getter per read under a CommonJS-style loader.
  const missing = MISSING;
  const hourly = tariff.dgrules === 'Net Billing Hourly';
  const gen = tariff.dgrules === 'Buy All Sell All' ? generation : undefined;
  // Net metering credits exports at the retail price; the other rules pay the table's price of
  // each export's local hour, summed in dollars per bill and period.
  const exportRates = tariff.dgrules === 'Net Metering' ? undefined : tariff.exportRates;
  const expValue = exportRates ? new Float64Array(nb * nE) : undefined;
  sums.expValue = expValue;
  let hourKey = -1;
  let hourNet = 0;
  let hourPrice = 0;
  const n = series.length;
  for (let i = 0; i < n; i++) {
    const b = bill[i] as number;
    if (b < 0 || quality[i] === missing) continue;
    const s = schedule[i] as number;
    const metered = delivered[i] as number;
    const sent = received[i] as number;
    meterImport[b] = (meterImport[b] as number) + metered;
    meterExport[b] = (meterExport[b] as number) + sent;
    let buy = metered;
    let sell = sent;
    if (gen !== undefined) {
      const g = gen[i] as number;
      buy = metered - sent + g;
      sell = g;
    }
    const k = b * nE + (energySchedule[s] as number);
    if (hourly) {
      // Imports and exports within a clock hour offset each other before they are priced.
      if (hourStart[i] === 1 && hourKey >= 0) {
        if (hourNet > 0) imp[hourKey] = (imp[hourKey] as number) + hourNet;
        else {
          exp[hourKey] = (exp[hourKey] as number) - hourNet;
          if (expValue) expValue[hourKey] = (expValue[hourKey] as number) - hourNet * hourPrice;
        }
        hourNet = 0;
      }
      hourKey = k;
      if (exportRates) hourPrice = exportRates[s] as number;
      hourNet += buy - sell;
    } else {
      imp[k] = (imp[k] as number) + buy;
      exp[k] = (exp[k] as number) + sell;
      if (expValue && sell !== 0) {
        expValue[k] = (expValue[k] as number) + sell * ((exportRates as Float64Array)[s] as number);
      }
    }
    const kW = buy * 4;
    const d = b * nD + (demandSchedule[s] as number);
    if (kW > (touPeak[d] as number)) touPeak[d] = kW;
    if (kW > (flatPeak[b] as number)) flatPeak[b] = kW;
  }
  if (hourly && hourKey >= 0) {
    if (hourNet > 0) imp[hourKey] = (imp[hourKey] as number) + hourNet;
    else {
      exp[hourKey] = (exp[hourKey] as number) - hourNet;
      if (expValue) expValue[hourKey] = (expValue[hourKey] as number) - hourNet * hourPrice;
    }
  }
  return sums;
}

/** URDB dates are Unix seconds in the API's answers; a string is read as an ISO date. */
function instant(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const ms = typeof value === 'number' ? value * 1000 : Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

function effectiveNote(
  start: number | string | undefined,
  end: number | string | null | undefined,
  context: SeriesContext,
): string | undefined {
  const { series } = context;
  const from = series.start;
  const to = series.start + series.length * 900_000;
  const startMs = instant(start);
  const endMs = instant(end);
  if (startMs !== undefined && startMs >= to) {
    return 'The tariff takes effect after the series ends; it is priced as if it applied.';
  }
  if (endMs !== undefined && endMs <= from) {
    return 'The tariff ended before the series starts; it is priced as if it applied.';
  }
  return undefined;
}

/** Prices the series' bills under one compiled tariff. */
export function priceCompiled(
  context: SeriesContext,
  tariff: CompiledTariff,
  options: PriceOptions = {},
): TariffBill {
  const notes = [...tariff.notes];
  const dg = tariff.dgrules;
  const netMetering = dg === 'Net Metering';
  const { generation } = options;
  if (generation && generation.length !== context.series.length) {
    throw new RangeError('generation must have one value per slot of the series');
  }
  if (dg === 'Buy All Sell All' && !generation) {
    notes.push(
      "Buy All Sell All without the generator's own output: the meter's import is bought and its export sold, which is all the series shows.",
    );
  }
  const nE = tariff.energy ? tariff.energy.max.length : 1;
  const nD = tariff.demand ? tariff.demand.max.length : 1;
  const sums = accumulate(context, tariff, nE, nD, generation);

  const use = new Float64Array(nE);
  const surplus = new Float64Array(nE);
  const netSurplusRate = options.netSurplusRate ?? 0;
  const bills: MonthBill[] = [];
  let carried = 0;
  let yearBase = 0;
  let yearImport = 0;
  let yearExport = 0;
  let yearDays = 0;
  let yearBills = 0;

  context.bills.forEach((span, b) => {
    const flatPeak = sums.flatPeak[b] as number;
    // Energy: net metering nets each period over the month; the other rules price import and
    // export apart (hourly netting already done in the pass).
    for (let p = 0; p < nE; p++) {
      const imported = sums.imp[b * nE + p] as number;
      const exported = sums.exp[b * nE + p] as number;
      if (netMetering) {
        const net = imported - exported;
        use[p] = Math.max(net, 0);
        surplus[p] = Math.max(-net, 0);
      } else {
        use[p] = imported;
        surplus[p] = exported;
      }
    }
    const energy: EnergyLine[] = [];
    const exportCredit: EnergyLine[] = [];
    let energyCents = 0;
    let exportCreditCents = 0;
    if (tariff.energy) {
      const table = tariff.energy;
      // A tier's max in kWh for this bill: monthly limits follow the bill's share of a month,
      // daily ones its days (SAM multiplies them by the days of the month or billing cycle), and
      // kWh/kW ones the bill's peak demand.
      const limit = (p: number, max: number) => {
        if (max === Infinity) return max;
        const unit = table.unit[p];
        if (unit === 'kwh daily') return max * span.days;
        if (unit === 'kwh/kw') return max * flatPeak;
        if (unit === 'kwh/kw daily') return max * flatPeak * span.days;
        return max * span.monthFraction;
      };
      energyCents = tieredLines(use, 0, table, limit, table.buy, 1, energy);
      // Under net metering a period's surplus is worth its retail (buy) price; in the other
      // rules export earns the tiers' `sell`, or the export table's price of its hour.
      exportCreditCents = sums.expValue
        ? tableExportLines(sums.exp, sums.expValue, b * nE, nE, exportCredit)
        : tieredLines(
            surplus,
            0,
            table,
            limit,
            netMetering ? table.buy : table.sell,
            -1,
            exportCredit,
          );
    }

    const demand: DemandLine[] = [];
    let demandCents = 0;
    if (tariff.demand) {
      for (let p = 0; p < nD; p++) {
        const kW = sums.touPeak[b * nD + p] as number;
        if (kW > 0) demandCents += demandLines('tou', p, kW, tariff.demand, demand);
      }
    }
    const flatPeriod = tariff.flatMonths[span.month0] as number;
    if (tariff.flat && flatPeriod >= 0 && flatPeak > 0) {
      demandCents += demandLines('flat', flatPeriod, flatPeak, tariff.flat, demand);
    }

    const fixedCents = cents(periodCharge(tariff.fixed.amount, tariff.fixed.unit, span));

    let netMeteringCents = 0;
    if (netMetering) {
      const subtotal = energyCents + exportCreditCents;
      if (subtotal < 0) {
        netMeteringCents = 0 - subtotal;
        carried += -subtotal;
      } else {
        const applied = Math.min(carried, subtotal);
        netMeteringCents = 0 - applied;
        carried -= applied;
      }
    }

    const beforeMinimum =
      fixedCents + energyCents + exportCreditCents + demandCents + netMeteringCents;
    let minimumCents = 0;
    if (tariff.minimum.amount > 0 && tariff.minimum.unit !== '$/year') {
      const minimum = cents(periodCharge(tariff.minimum.amount, tariff.minimum.unit, span));
      minimumCents = Math.max(0, minimum - Math.max(0, beforeMinimum));
    }

    yearBase += Math.max(0, beforeMinimum);
    yearImport += sums.meterImport[b] as number;
    yearExport += sums.meterExport[b] as number;
    yearDays += span.days;
    yearBills++;
    const closesYear =
      b === context.bills.length - 1 ||
      (options.trueUpMonth !== undefined
        ? span.month0 === options.trueUpMonth - 1
        : yearBills === 12);
    let trueUpCents = 0;
    let creditExpiredCents = 0;
    if (closesYear) {
      if (tariff.minimum.unit === '$/year' && tariff.minimum.amount > 0) {
        // SAM compares the year's bills with the annual minimum at the year's end; a shorter
        // run of bills is held to its share of the year.
        const minimum = cents(tariff.minimum.amount * Math.min(1, yearDays / 365));
        minimumCents += Math.max(0, minimum - yearBase);
      }
      if (netMetering) {
        const netSurplus = yearExport - yearImport;
        if (netSurplus > 0 && netSurplusRate > 0)
          trueUpCents = 0 - cents(netSurplus * netSurplusRate);
        creditExpiredCents = carried;
        carried = 0;
      }
      yearBase = 0;
      yearImport = 0;
      yearExport = 0;
      yearDays = 0;
      yearBills = 0;
    }

    bills.push({
      ...span,
      importKWh: sums.meterImport[b] as number,
      exportKWh: sums.meterExport[b] as number,
      peakKw: flatPeak,
      fixedCents,
      energy,
      energyCents,
      exportCredit,
      exportCreditCents,
      demand,
      demandCents,
      netMeteringCents,
      creditCarriedCents: carried,
      creditExpiredCents,
      trueUpCents,
      minimumCents,
      totalCents: beforeMinimum + minimumCents + trueUpCents,
    });
  });

  const sum = (key: keyof MonthBill) => bills.reduce((s, bill) => s + (bill[key] as number), 0);
  const totals = {
    fixedCents: sum('fixedCents'),
    energyCents: sum('energyCents'),
    exportCreditCents: sum('exportCreditCents'),
    demandCents: sum('demandCents'),
    netMeteringCents: sum('netMeteringCents'),
    trueUpCents: sum('trueUpCents'),
    minimumCents: sum('minimumCents'),
    totalCents: sum('totalCents'),
  };
  const days = context.bills.reduce((s, span) => s + span.days, 0);
  const annualCents =
    days === 365 || days === 366 || days === 0
      ? totals.totalCents
      : Math.round((totals.totalCents * 365) / days);
  if (bills.some((bill) => bill.missingSlots > 0)) {
    notes.push('Some bills lack quarter hours of data; their charges cover the data there is.');
  }
  const rate = tariff.rate;
  const effective = effectiveNote(rate.startdate, rate.enddate, context);
  if (effective) notes.push(effective);
  return {
    name: rate.name ?? '',
    utility: rate.utility ?? '',
    label: rate.label,
    dgrules: dg,
    bills,
    days,
    totals,
    annualCents,
    notes,
  };
}
