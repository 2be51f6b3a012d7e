// Tariff engine benchmark: a year of 15-minute data with rooftop solar (the interval bench's
// shape, with midday export) imported from a PG&E-layout CSV, then priced under one URDB tariff
// (goal under 20 ms) and ranked under eight (goal under 100 ms), printed next to the import of the
// same year. Then the same under the shipped PG&E plans: one (E-TOU-C, its exports paid at PG&E's
// hourly export table under net billing), all five ranked, and a battery against E-TOU-C.
import { pathToFileURL } from 'node:url';
import { importIntervals, toCanonicalSeries } from '../../server/lib/intervals/index.ts';
import {
  type SyntheticReading,
  writePgeCsv,
} from '../../server/lib/intervals/testing/synthetic-files.ts';
import {
  defaultBatteryKw,
  ROUND_TRIP_EFFICIENCY,
  STORAGE_HOURS,
} from '../../server/lib/report/analysis/peak-shaving.ts';
import { californiaTariffs } from '../../server/lib/tariffs/catalogue.ts';
import {
  priceBatteries,
  priceTariff,
  rankTariffs,
  type UrdbRate,
} from '../../server/lib/tariffs/index.ts';
import { schedule } from '../../server/lib/tariffs/testing/series.ts';

const WARM_UP = 5;
const RUNS = 21;

/** 2023 in Pacific time from local midnight on 1 January: 35,040 quarter hours. */
function yearWithSolar(): SyntheticReading[] {
  const start = Date.UTC(2023, 0, 1, 8);
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const readings: SyntheticReading[] = [];
  for (let i = 0; i < 35_040; i++) {
    const hour = ((i * 15) / 60) % 24;
    const load =
      0.15 + 0.5 * Math.max(0, Math.sin(((hour - 6) / 24) * 2 * Math.PI)) + random() * 0.3;
    const solar = 0.9 * Math.max(0, Math.sin(((hour - 6) / 12) * Math.PI));
    const net = Math.round((load - solar) * 1000) / 1000;
    readings.push({
      start: start + i * 900_000,
      minutes: 15,
      kWh: Math.max(0, net),
      receivedKWh: Math.max(0, -net),
    });
  }
  return readings;
}

const peak = schedule((_m, h) => (h >= 16 && h < 21 ? 1 : 0));
const summerPeak = schedule((m, h) => (m >= 5 && m <= 8 && h >= 16 && h < 21 ? 1 : 0));
const offPeak = schedule(() => 0);

/** Eight synthetic tariffs, one of each kind the engine prices. */
function tariffs(): UrdbRate[] {
  const tou = (name: string, dgrules: UrdbRate['dgrules']): UrdbRate => ({
    name,
    energyratestructure: [
      [
        { max: 300, rate: 0.32, sell: 0.05 },
        { rate: 0.4, sell: 0.05 },
      ],
      [
        { max: 300, rate: 0.48, sell: 0.08 },
        { rate: 0.56, sell: 0.08 },
      ],
    ],
    energyweekdayschedule: peak,
    energyweekendschedule: peak,
    fixedchargefirstmeter: 0.4,
    fixedchargeunits: '$/day',
    dgrules,
  });
  return [
    tou('Synthetic TOU, net metering', 'Net Metering'),
    tou('Synthetic TOU, instantaneous net billing', 'Net Billing Instantaneous'),
    tou('Synthetic TOU, hourly net billing', 'Net Billing Hourly'),
    tou('Synthetic TOU, buy all sell all', 'Buy All Sell All'),
    {
      name: 'Synthetic flat',
      energyratestructure: [[{ rate: 0.3 }]],
      energyweekdayschedule: offPeak,
      energyweekendschedule: offPeak,
      fixedchargefirstmeter: 10,
      fixedchargeunits: '$/month',
      mincharge: 15,
      minchargeunits: '$/month',
    },
    {
      name: 'Synthetic daily tiers',
      energyratestructure: [
        [
          { max: 12, rate: 0.28, unit: 'kWh daily' },
          { rate: 0.36, unit: 'kWh daily' },
        ],
      ],
      energyweekdayschedule: offPeak,
      energyweekendschedule: offPeak,
      dgrules: 'Net Billing Instantaneous',
    },
    {
      name: 'Synthetic demand',
      energyratestructure: [[{ rate: 0.18 }], [{ rate: 0.26 }]],
      energyweekdayschedule: summerPeak,
      energyweekendschedule: offPeak,
      demandratestructure: [[{ rate: 0 }], [{ max: 5, rate: 9 }, { rate: 12 }]],
      demandweekdayschedule: summerPeak,
      demandweekendschedule: offPeak,
      flatdemandstructure: [[{ rate: 4 }]],
      flatdemandmonths: Array.from({ length: 12 }, () => 0),
    },
    {
      name: 'Synthetic seasonal TOU',
      energyratestructure: [[{ rate: 0.25, sell: 0.04 }], [{ rate: 0.6, sell: 0.12 }]],
      energyweekdayschedule: summerPeak,
      energyweekendschedule: summerPeak,
      dgrules: 'Net Billing Hourly',
    },
  ];
}

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
}

function time(run: () => void): number {
  for (let i = 0; i < WARM_UP; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

export async function benchTariffs(): Promise<void> {
  const bytes = new TextEncoder().encode(writePgeCsv(yearWithSolar()));
  const load = () => toCanonicalSeries(importIntervals(bytes));
  const series = load();
  if (series.length !== 35_040) throw new Error(`tariff bench: ${series.length} slots, not 35,040`);
  const rates = tariffs();
  const one = rates[0] as UrdbRate;
  // A benchmark that measured a wrong answer would be worthless: a year is twelve bills.
  const check = priceTariff(series, one);
  if (check.bills.length !== 12 || check.days !== 365 || check.totals.totalCents <= 0) {
    throw new Error('tariff bench: the year did not price as twelve monthly bills');
  }
  const importMs = time(load);
  const oneMs = time(() => priceTariff(series, one));
  const manyMs = time(() => rankTariffs(series, rates, { current: 0 }));
  // The batteries the report models: a quarter of the peak, for each storage duration.
  let peakKw = 0;
  for (const kWh of series.delivered) peakKw = Math.max(peakKw, kWh * 4);
  const powerKw = defaultBatteryKw(peakKw) ?? 1;
  const batteries = STORAGE_HOURS.map((hours) => ({
    powerKw,
    energyKWh: powerKw * hours,
    roundTripEfficiency: ROUND_TRIP_EFFICIENCY,
  }));
  const demand = rates.find((r) => r.demandratestructure) as UrdbRate;
  const batteryTouMs = time(() => priceBatteries(series, one, batteries));
  const batteryDemandMs = time(() => priceBatteries(series, demand, batteries));
  // The shipped PG&E plans, with PG&E's export table, as a report prices them.
  const pge = californiaTariffs()
    .filter((c) => c.utility === 'PG&E')
    .map((c) => c.urdb);
  const eTouC = {
    ...(pge[0] as UrdbRate),
    dgrules: 'Net Billing Instantaneous',
  } satisfies UrdbRate;
  if (priceTariff(series, eTouC).totals.exportCreditCents >= 0) {
    throw new Error('tariff bench: E-TOU-C paid nothing for a year of exports');
  }
  const pgeOneMs = time(() => priceTariff(series, eTouC));
  const pgeAllMs = time(() => rankTariffs(series, pge, { current: 0 }));
  const pgeBatteryMs = time(() => priceBatteries(series, eTouC, batteries));
  console.log(
    `intervals: 1-year 15-min PG&E CSV with export, import to the canonical series: ${importMs.toFixed(1)} ms (median of ${RUNS} after ${WARM_UP} warm-up runs)`,
  );
  console.log(
    `tariffs: the same year priced under one URDB tariff (TOU, tiers, net metering): ${oneMs.toFixed(2)} ms (goal < 20 ms)`,
  );
  console.log(
    `tariffs: the same year ranked under ${rates.length} tariffs (every dgrules mode, demand, daily tiers): ${manyMs.toFixed(2)} ms (goal < 100 ms)`,
  );
  console.log(
    `tariffs: the same year with a battery dispatched against the tariff and priced before and after, ${batteries.length} sizes (${powerKw} kW, ${STORAGE_HOURS.join('/')} h): TOU ${batteryTouMs.toFixed(1)} ms, TOU with demand charges ${batteryDemandMs.toFixed(1)} ms (goal < 100 ms each)`,
  );
  console.log(
    `tariffs: the same year under PG&E E-TOU-C, exports at PG&E's hourly export table (net billing): ${pgeOneMs.toFixed(2)} ms (goal < 20 ms); ranked under all ${pge.length} shipped PG&E plans: ${pgeAllMs.toFixed(2)} ms (goal < 100 ms); battery, ${batteries.length} sizes: ${pgeBatteryMs.toFixed(1)} ms (goal < 100 ms)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchTariffs();
}
