import {
  kwData,
  kwhData,
  maybe,
  moneyData,
  pctData,
  rateData,
  shareData,
} from '../../../common/quantities.ts';
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
