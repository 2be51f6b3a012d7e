// A battery dispatched against a tariff: each local day it charges where the tariff's energy is
// cheapest and discharges where it is dearest, and where the tariff charges for demand it first
// holds each bill's demand under a threshold. The dispatch is a schedule of kWh per slot; the
// tariff engine then prices the series with and without it.

import { type CanonicalSeries, MISSING } from '../intervals/series.ts';
import type { CompiledTariff } from './compile.ts';
import type { SeriesContext } from './context.ts';

export interface Battery {
  powerKw: number;
  energyKWh: number;
  /** Share of the energy drawn that comes back out, above 0 and at most 1. */
  roundTripEfficiency: number;
}

export interface Dispatch {
  /** kWh drawn into the battery in each slot, from the grid or from the site's exports. */
  charge: Float64Array;
  /** kWh the battery gives the site's load in each slot (never exported). */
  discharge: Float64Array;
  /** The meter's channels with the battery: import and export after charging and discharging. */
  series: CanonicalSeries;
  chargedKWh: number;
  dischargedKWh: number;
  /** Demand threshold held in each bill, kW; empty when the tariff has no demand charge. */
  thresholdsKw: number[];
}

const SLOT_HOURS = 0.25;
const EPSILON = 1e-9;
/** Slots a local day can hold: 100 on a fall-back day. */
const MAX_DAY = 100;

/** What the dispatch reads of the tariff per slot: first-tier prices and where demand is charged. */
interface SlotPrices {
  /** $/kWh of a kWh imported. */
  buy: Float64Array;
  /**
   * $/kWh a kWh exported earns: the retail price under net metering, otherwise the export
   * table's price of the slot's hour, or `sell`.
   */
  exportValue: Float64Array;
  /** 1 where a demand charge applies to the slot's import. */
  demandCharged: Uint8Array;
  /** 1 where the series has a reading (the battery idles elsewhere). */
  present: Uint8Array;
}

function slotPrices(context: SeriesContext, tariff: CompiledTariff): SlotPrices {
  const n = context.series.length;
  const buy = new Float64Array(n);
  const exportValue = new Float64Array(n);
  const demandCharged = new Uint8Array(n);
  const present = new Uint8Array(n);
  // Read once: an imported binding can cost a getter call per read under tsx's loader.
  const missing = MISSING;
  const netMetering = tariff.dgrules === 'Net Metering';
  const { energy, demand, flat, exportRates } = tariff;
  const flatBills = context.bills.map((span) => {
    const period = tariff.flatMonths[span.month0] as number;
    return flat !== undefined && period >= 0 && (flat.buy[period]?.[0] ?? 0) > 0;
  });
  for (let i = 0; i < n; i++) {
    const s = context.schedule[i] as number;
    const p = tariff.energySchedule[s] as number;
    const price = energy?.buy[p]?.[0] ?? 0;
    buy[i] = price;
    exportValue[i] = netMetering
      ? price
      : exportRates
        ? (exportRates[s] as number)
        : (energy?.sell[p]?.[0] ?? 0);
    const b = context.bill[i] as number;
    const d = tariff.demandSchedule[s] as number;
    const tou = demand !== undefined && (demand.buy[d]?.[0] ?? 0) > 0;
    demandCharged[i] = tou || (b >= 0 && flatBills[b] === true) ? 1 : 0;
    present[i] = context.series.quality[i] === missing ? 0 : 1;
  }
  return { buy, exportValue, demandCharged, present };
}

/** Where each local day starts: a slot whose local hour is below the one before it. */
function dayStarts(context: SeriesContext): number[] {
  const starts: number[] = [];
  let previous = 24;
  for (let i = 0; i < context.series.length; i++) {
    const hour = (context.schedule[i] as number) % 24;
    if (hour < previous) starts.push(i);
    previous = hour;
  }
  starts.push(context.series.length);
  return starts;
}

/**
 * Whether the battery, starting each day empty, keeps import at or below `thresholdKw` in the
 * demand-charged slots `from`..`to`: it charges as early as it can (from exports, and from the
 * grid without lifting a charged slot above the threshold) and discharges what a slot exceeds
 * the threshold by. Charging early is the most any dispatch can hold, so this is the test.
 */
function holds(
  series: CanonicalSeries,
  charged: Uint8Array,
  present: Uint8Array,
  starts: number[],
  firstDay: number,
  lastDay: number,
  thresholdKw: number,
  battery: Battery,
): boolean {
  const slotPower = battery.powerKw * SLOT_HOURS;
  const limit = thresholdKw * SLOT_HOURS;
  for (let d = firstDay; d < lastDay; d++) {
    let stored = 0;
    for (let i = starts[d] as number; i < (starts[d + 1] as number); i++) {
      if (present[i] === 0) continue;
      const load = series.delivered[i] as number;
      if (charged[i] === 1 && load > limit) {
        const need = load - limit;
        if (need > slotPower + EPSILON || need > stored + EPSILON) return false;
        stored -= need;
      } else {
        const room = charged[i] === 1 ? Math.max(0, limit - load) : slotPower;
        const draw = Math.min(slotPower, room + (series.received[i] as number));
        stored = Math.min(battery.energyKWh, stored + draw * battery.roundTripEfficiency);
      }
    }
  }
  return true;
}

/** The lowest demand each bill's charged slots can be held to, kW (Infinity: not shaved). */
function billThresholds(
  context: SeriesContext,
  prices: SlotPrices,
  starts: number[],
  battery: Battery,
): number[] {
  const { series } = context;
  const thresholds: number[] = [];
  let day = 0;
  for (let b = 0; b < context.bills.length; b++) {
    while (day < starts.length - 1 && (context.bill[starts[day] as number] as number) < b) day++;
    const firstDay = day;
    let lastDay = day;
    while (lastDay < starts.length - 1 && context.bill[starts[lastDay] as number] === b) lastDay++;
    let peak = 0;
    for (let i = starts[firstDay] as number; i < (starts[lastDay] as number); i++) {
      if (prices.demandCharged[i] === 1 && prices.present[i] === 1) {
        peak = Math.max(peak, (series.delivered[i] as number) / SLOT_HOURS);
      }
    }
    const check = (kW: number) =>
      holds(series, prices.demandCharged, prices.present, starts, firstDay, lastDay, kW, battery);
    let hi = peak;
    let lo = Math.max(0, peak - battery.powerKw);
    if (peak > 0 && check(lo)) hi = lo;
    else {
      const tolerance = Math.max(1e-4, peak * 1e-6);
      while (hi - lo > tolerance) {
        const mid = (lo + hi) / 2;
        if (check(mid)) hi = mid;
        else lo = mid;
      }
    }
    thresholds.push(peak > 0 ? hi : Number.POSITIVE_INFINITY);
    day = lastDay;
  }
  return thresholds;
}

/** Scratch arrays for one day, reused day after day. */
interface DayState {
  /** kWh stored at the end of each slot of the day. */
  level: Float64Array;
  /** Scratch for one transfer: kWh the battery can still take in at a slot and keep. */
  space: Float64Array;
  /** kWh the slot can still give the load. */
  outRoom: Float64Array;
  /** kWh the slot can still draw from its exports, and from the grid. */
  fromExport: Float64Array;
  fromGrid: Float64Array;
  /** kWh drawn so far, from exports and from the grid, and given. */
  drawnExport: Float64Array;
  drawnGrid: Float64Array;
  given: Float64Array;
}

const dayState = (): DayState => ({
  level: new Float64Array(MAX_DAY),
  space: new Float64Array(MAX_DAY),
  outRoom: new Float64Array(MAX_DAY),
  fromExport: new Float64Array(MAX_DAY),
  fromGrid: new Float64Array(MAX_DAY),
  drawnExport: new Float64Array(MAX_DAY),
  drawnGrid: new Float64Array(MAX_DAY),
  given: new Float64Array(MAX_DAY),
});

/**
 * Moves up to `want` kWh (as given out at slot `j`) from the day's charge sources, cheapest
 * first, into slot `j`, taking only sources before `j` whose cost per kWh given out is below
 * `worth` and keeping the stored energy within the battery in between. Returns what it moved.
 */
function supply(
  state: DayState,
  sources: Int32Array,
  sourceCount: number,
  cost: Float64Array,
  j: number,
  want: number,
  worth: number,
  battery: Battery,
): number {
  const eta = battery.roundTripEfficiency;
  const slotPower = battery.powerKw * SLOT_HOURS;
  const { level, space } = state;
  // space[t]: what the battery can still take in at t and hold until j.
  let fullest = 0;
  for (let t = j - 1; t >= 0; t--) {
    fullest = Math.max(fullest, level[t] as number);
    space[t] = battery.energyKWh - fullest;
  }
  let moved = 0;
  for (let s = 0; s < sourceCount && want - moved > EPSILON; s++) {
    const code = sources[s] as number;
    // Sources are cheapest first: once one costs too much, all the rest do.
    if ((cost[code] as number) / eta >= worth) break;
    const k = code >> 1;
    if (k >= j || (state.given[k] as number) > 0 || (space[k] as number) <= EPSILON) continue;
    const fromExport = (code & 1) === 1;
    const power = slotPower - (state.drawnExport[k] as number) - (state.drawnGrid[k] as number);
    const room = Math.min(
      fromExport ? (state.fromExport[k] as number) : (state.fromGrid[k] as number),
      power,
    );
    const x = Math.min(want - moved, room * eta, space[k] as number);
    if (x <= EPSILON) continue;
    for (let t = k; t < j; t++) {
      level[t] = (level[t] as number) + x;
      space[t] = (space[t] as number) - x;
    }
    for (let t = k - 1; t >= 0; t--) space[t] = Math.min(space[t] as number, space[k] as number);
    const draw = x / eta;
    if (fromExport) {
      state.fromExport[k] = (state.fromExport[k] as number) - draw;
      state.drawnExport[k] = (state.drawnExport[k] as number) + draw;
    } else {
      state.fromGrid[k] = (state.fromGrid[k] as number) - draw;
      state.drawnGrid[k] = (state.drawnGrid[k] as number) + draw;
    }
    moved += x;
  }
  if (moved > 0) {
    state.given[j] = (state.given[j] as number) + moved;
    state.outRoom[j] = (state.outRoom[j] as number) - moved;
  }
  return moved;
}

/**
 * Sorts the first `count` codes by `key[code]` (`direction` 1: ascending, -1: descending), equal
 * keys by code, in place. Insertion sort: a day's prices take few values, so codes move little,
 * and nothing is allocated.
 */
function sortBy(codes: Int32Array, count: number, key: Float64Array, direction: 1 | -1): void {
  for (let a = 1; a < count; a++) {
    const code = codes[a] as number;
    const value = (key[code] as number) * direction;
    let b = a - 1;
    while (b >= 0) {
      const other = codes[b] as number;
      const otherValue = (key[other] as number) * direction;
      if (otherValue < value || (otherValue === value && other < code)) break;
      codes[b + 1] = other;
      b--;
    }
    codes[b + 1] = code;
  }
}

/** What each day's dispatch reads and writes: the series, the prices, the battery, scratch. */
interface Run {
  series: CanonicalSeries;
  prices: SlotPrices;
  battery: Battery;
  state: DayState;
  cost: Float64Array;
  sources: Int32Array;
  byWorth: Int32Array;
  worth: Float64Array;
  charge: Float64Array;
  discharge: Float64Array;
  delivered: Float64Array;
  received: Float64Array;
}

/** One local day, slots `first`..`first + length`, with demand held to `limit` kWh a slot. */
function dispatchDay(run: Run, first: number, length: number, limit: number, idleDay: boolean) {
  const { series, prices, battery, state, cost, sources, byWorth, worth } = run;
  const slotPower = battery.powerKw * SLOT_HOURS;
  const eta = battery.roundTripEfficiency;
  let count = 0;
  for (let k = 0; k < length; k++) {
    const i = first + k;
    state.level[k] = 0;
    state.drawnExport[k] = 0;
    state.drawnGrid[k] = 0;
    state.given[k] = 0;
    const idle = idleDay || prices.present[i] === 0;
    const load = idle ? 0 : (series.delivered[i] as number);
    const exported = idle ? 0 : (series.received[i] as number);
    state.outRoom[k] = Math.min(slotPower, load);
    state.fromExport[k] = exported;
    state.fromGrid[k] = idle
      ? 0
      : prices.demandCharged[i] === 1
        ? Math.max(0, limit - load)
        : slotPower;
    cost[2 * k] = prices.buy[i] as number;
    cost[2 * k + 1] = prices.exportValue[i] as number;
    if (!idle) {
      sources[count++] = 2 * k;
      if (exported > 0) sources[count++] = 2 * k + 1;
    }
    byWorth[k] = k;
    worth[k] = prices.buy[i] as number;
  }
  // Cheapest source first; at equal cost the earlier one, which leaves later slots free.
  sortBy(sources, count, cost, 1);
  // The demand the bill's threshold leaves over is given first, in time order.
  if (limit < Number.POSITIVE_INFINITY) {
    for (let k = 0; k < length; k++) {
      const i = first + k;
      if (prices.demandCharged[i] !== 1 || prices.present[i] === 0) continue;
      const over = (series.delivered[i] as number) - limit;
      if (over > EPSILON) supply(state, sources, count, cost, k, over, Infinity, battery);
    }
  }
  // Then arbitrage: the dearest slots first, as long as a kWh there is worth more than one
  // drawn earlier costs after losses.
  sortBy(byWorth, length, worth, -1);
  const cheapest = count > 0 ? (cost[sources[0] as number] as number) : Infinity;
  for (let w = 0; w < length; w++) {
    const k = byWorth[w] as number;
    if ((worth[k] as number) <= cheapest / eta) break;
    const room = state.outRoom[k] as number;
    if (room <= EPSILON || (state.drawnExport[k] as number) + (state.drawnGrid[k] as number) > 0)
      continue;
    supply(state, sources, count, cost, k, room, worth[k] as number, battery);
  }
  for (let k = 0; k < length; k++) {
    const i = first + k;
    const fromExport = state.drawnExport[k] as number;
    const fromGrid = state.drawnGrid[k] as number;
    const given = state.given[k] as number;
    run.charge[i] = fromExport + fromGrid;
    run.discharge[i] = given;
    run.delivered[i] = (series.delivered[i] as number) + fromGrid - given;
    run.received[i] = (series.received[i] as number) - fromExport;
  }
}

/**
 * Dispatches `battery` against the tariff over the series, day by day. Each local day starts and
 * ends empty, so every kWh given out was charged earlier the same day and the day's discharge is
 * its charge times the round-trip efficiency. Where the tariff charges for demand, each bill's
 * demand-charged slots are first held to the lowest threshold the battery can keep (one per bill
 * for all charged hours), and no charging lifts them above it. Then energy is moved from the
 * cheapest slots (a kWh the site would export costs what the export would have earned) to the
 * dearest, while a kWh given out is worth more than the kWh drawn for it, within the battery's
 * power in each slot and its capacity in between. A slot charges or discharges, never both; the
 * battery gives the site's load no more than it imports, so it never exports. Slots without data
 * are idle. `shaveDemand: false` leaves demand to fall where arbitrage puts it.
 */
export function dispatchBattery(
  context: SeriesContext,
  tariff: CompiledTariff,
  battery: Battery,
  options: { shaveDemand?: boolean } = {},
): Dispatch {
  const { series } = context;
  const n = series.length;
  const eta = battery.roundTripEfficiency;
  if (!(battery.powerKw > 0) || !(battery.energyKWh > 0) || !(eta > 0 && eta <= 1)) {
    throw new RangeError('a battery needs power and capacity above 0 and an efficiency in (0, 1]');
  }
  const prices = slotPrices(context, tariff);
  const starts = dayStarts(context);
  const hasDemand = prices.demandCharged.includes(1);
  const thresholds =
    hasDemand && options.shaveDemand !== false
      ? billThresholds(context, prices, starts, battery)
      : [];
  const run: Run = {
    series,
    prices,
    battery,
    state: dayState(),
    cost: new Float64Array(2 * MAX_DAY),
    sources: new Int32Array(2 * MAX_DAY),
    byWorth: new Int32Array(MAX_DAY),
    worth: new Float64Array(MAX_DAY),
    charge: new Float64Array(n),
    discharge: new Float64Array(n),
    delivered: new Float64Array(n),
    received: new Float64Array(n),
  };
  for (let d = 0; d + 1 < starts.length; d++) {
    const first = starts[d] as number;
    const bill = context.bill[first] as number;
    const limitKw = bill >= 0 ? (thresholds[bill] ?? Number.POSITIVE_INFINITY) : 0;
    dispatchDay(run, first, (starts[d + 1] as number) - first, limitKw * SLOT_HOURS, bill < 0);
  }
  let chargedKWh = 0;
  let dischargedKWh = 0;
  let exports = false;
  for (let i = 0; i < n; i++) {
    chargedKWh += run.charge[i] as number;
    dischargedKWh += run.discharge[i] as number;
    if ((run.received[i] as number) > 0) exports = true;
  }
  const { charge, discharge, delivered, received } = run;
  return {
    charge,
    discharge,
    series: { ...series, delivered, received, hasReceived: exports },
    chargedKWh,
    dischargedKWh,
    thresholdsKw: thresholds,
  };
}
