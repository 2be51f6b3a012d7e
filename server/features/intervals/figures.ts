import type { GasSummary } from '../../../common/intervals.ts';
import {
  kwData,
  kwhData,
  maybe,
  moneyData,
  pctData,
  rateData,
  shareData,
} from '../../../common/quantities.ts';
import {
  GAS_UNIT_LABELS,
  type GasAnalytics,
  type GasSeries,
  KWH_PER_THERM,
  quantityData,
} from '../../lib/intervals/gas.ts';
import type {
  Analytics,
  BillSummary,
  QualityReport,
  Reconciliation,
} from '../../lib/intervals/index.ts';

/**
 * The analytics and the quality report as the API gives them: kWh and kW to the thousandth,
 * money to the cent, percentages to the thousandth (common/quantities.ts). The engine keeps its
 * sums unrounded; the rounding is done here, where they leave the server. Stored rows written by
 * older versions may lack a part: what is missing stays missing.
 */

type Totals = Pick<Analytics, 'deliveredKWh' | 'receivedKWh' | 'netKWh' | 'cost'>;

function totalsData<T extends Totals>(totals: T): T {
  return {
    ...totals,
    deliveredKWh: kwhData(totals.deliveredKWh),
    receivedKWh: kwhData(totals.receivedKWh),
    netKWh: kwhData(totals.netKWh),
    cost: maybe(moneyData, totals.cost),
  };
}

const kwRow = (row: Array<number | null>) => row.map((kW) => maybe(kwData, kW));

export function analyticsData(analytics: Analytics): Analytics {
  const { peak, loadProfile } = analytics;
  return {
    ...totalsData(analytics),
    monthly: analytics.monthly?.map((m) => ({ ...totalsData(m), peakKw: kwData(m.peakKw) })),
    daily: analytics.daily?.map(totalsData),
    peak: peak && { ...peak, kW: kwData(peak.kW) },
    averageKw: kwData(analytics.averageKw),
    baseLoadKw: kwData(analytics.baseLoadKw),
    loadFactor: shareData(analytics.loadFactor),
    loadProfile: loadProfile && {
      weekday: kwRow(loadProfile.weekday),
      weekend: kwRow(loadProfile.weekend),
    },
    heatmap: analytics.heatmap?.map(kwRow),
    costPerKWh: maybe(rateData, analytics.costPerKWh),
  };
}

function reconciliationData(r: Reconciliation): Reconciliation {
  return {
    ...r,
    statedKWh: maybe(kwhData, r.statedKWh),
    intervalKWh: kwhData(r.intervalKWh),
    comparedKWh: maybe(kwhData, r.comparedKWh),
    differenceKWh: maybe(kwhData, r.differenceKWh),
    coveragePct: pctData(r.coveragePct),
    statedCost: maybe(moneyData, r.statedCost),
    intervalCost: maybe(moneyData, r.intervalCost),
  };
}

function billData(bill: BillSummary): BillSummary {
  return {
    ...bill,
    billAmount: maybe(moneyData, bill.billAmount),
    consumptionKWh: maybe(kwhData, bill.consumptionKWh),
    billToDate: maybe(moneyData, bill.billToDate),
    additionalCost: maybe(moneyData, bill.additionalCost),
    currentPeriodKWh: maybe(kwhData, bill.currentPeriodKWh),
    lineItems: bill.lineItems?.map((item) => ({
      ...item,
      amount: maybe(moneyData, item.amount),
      quantity:
        item.quantity?.unit === 'kWh'
          ? { ...item.quantity, value: kwhData(item.quantity.value) }
          : item.quantity,
    })),
  };
}

export function qualityData(quality: QualityReport): QualityReport {
  return {
    ...quality,
    coveragePct: pctData(quality.coveragePct),
    estimatedPct: pctData(quality.estimatedPct),
    splitPct: pctData(quality.splitPct),
    reconciliation: quality.reconciliation?.map(reconciliationData),
    bills: quality.bills?.map(billData),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A gas series as the API gives it: quantities in their own unit to the thousandth, money to
 * the cent, the cost per unit to a hundredth of a cent, the therms' kWh figure to the watt-hour.
 */
export function gasData(gas: {
  fileId: number;
  fileName: string;
  series: GasSeries;
  analytics: GasAnalytics;
}): GasSummary {
  const { series, analytics: a } = gas;
  const therm = series.unit === 'therm';
  return {
    fileId: gas.fileId,
    fileName: gas.fileName,
    unit: series.unit,
    unitLabel: GAS_UNIT_LABELS[series.unit].many,
    timeZone: series.timeZone,
    start: iso(a.start),
    end: iso(a.end),
    periodSeconds: a.periodSeconds,
    periods: series.periods.map((p) => ({
      start: iso(p.start),
      end: iso(p.end),
      quantity: quantityData(p.quantity),
      ...(p.cost === undefined ? {} : { cost: moneyData(p.cost) }),
      ...(p.estimated ? { estimated: true } : {}),
    })),
    total: quantityData(a.total),
    ...(a.cost === undefined ? {} : { cost: moneyData(a.cost) }),
    ...(a.costPerUnit === undefined ? {} : { costPerUnit: rateData(a.costPerUnit) }),
    ...(therm && a.kWhEquivalent !== undefined
      ? { kWhEquivalent: kwhData(a.kWhEquivalent), kWhPerTherm: KWH_PER_THERM }
      : {}),
    monthly: a.monthly.map((m) => ({
      month: m.month,
      quantity: quantityData(m.quantity),
      ...(m.cost === undefined ? {} : { cost: moneyData(m.cost) }),
      days: quantityData(m.days),
      split: m.split,
    })),
    notes: [...series.notes, ...a.notes],
  };
}
