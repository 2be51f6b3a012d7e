// Interval engine benchmark: a year of 15-minute data as a PG&E-layout CSV and a year of hourly
// data as Green Button XML, each imported and analysed, against papaparse's bare parse of the
// 15-minute CSV in the same run; a year of half-hours as a CSV of one row per day, imported,
// against papaparse's bare parse of that file. The hand-written scanners are kept only while they
// beat a library: target ratio <= 1.0; above 2.0 a library parser should replace them.
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import Papa from 'papaparse';
import {
  analyze,
  assessQuality,
  type ImportOptions,
  importIntervals,
  toCanonicalSeries,
} from '../../server/lib/intervals/index.ts';
import { writeEspiXml } from '../../server/lib/intervals/testing/synthetic-espi.ts';
import {
  type SyntheticReading,
  writePgeCsv,
} from '../../server/lib/intervals/testing/synthetic-files.ts';
import { isoWallClock } from '../../server/lib/intervals/time/civil.ts';
import { zoneClock } from '../../server/lib/intervals/time/zone-clock.ts';

const WARM_UP = 5;
const RUNS = 21;
const TASK_FLAG = '--interval-bench-task';
type Task =
  | 'papaparse'
  | 'pge-csv'
  | 'espi-xml'
  | 'fast-xml-parser'
  | 'papaparse-day-rows'
  | 'day-rows-csv'
  | 'day-rows-import';

/** 2023 in Pacific time from local midnight on 1 January: 35,040 quarter hours or 8,760 hours. */
function yearOfReadings(minutes: number): SyntheticReading[] {
  const start = Date.UTC(2023, 0, 1, 8);
  const count = (365 * 24 * 60) / minutes;
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const readings: SyntheticReading[] = [];
  for (let i = 0; i < count; i++) {
    const hour = ((i * minutes) / 60) % 24;
    const shape = 0.15 + 0.5 * Math.max(0, Math.sin(((hour - 6) / 24) * 2 * Math.PI));
    const kWh = Math.round((shape + random() * 0.3) * (minutes / 15) * 1000) / 1000;
    readings.push({
      start: start + i * minutes * 60_000,
      minutes,
      kWh,
      cost: Math.round(kWh * 31) / 100,
      estimated: i % 997 === 0,
    });
  }
  return readings;
}

/**
 * One row per local day, `Date` then 48 half-hour columns headed by their end times: the
 * spring-forward day leaves its missing hour's columns empty, the fall-back day adds the repeated
 * hour's energy to the 01:00 and 01:30 columns, as such exports do.
 */
function writeDayRows(readings: readonly SyntheticReading[], timeZone: string): string {
  const clock = zoneClock(timeZone);
  const days = new Map<string, string[]>();
  for (const r of readings) {
    const local = isoWallClock(r.start + clock.offsetAt(r.start));
    const column = (Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16))) / 30;
    let row = days.get(local.slice(0, 10));
    if (!row) {
      row = new Array<string>(48).fill('');
      days.set(local.slice(0, 10), row);
    }
    const before = row[column] === '' ? 0 : Number(row[column]);
    row[column] = String(Math.round((before + r.kWh) * 1000) / 1000);
  }
  const header = Array.from({ length: 48 }, (_, k) => {
    const end = (k + 1) * 30;
    return `${String(Math.floor(end / 60)).padStart(2, '0')}:${end % 60 === 0 ? '00' : '30'}`;
  });
  const lines = [`Date,${header.join(',')}`];
  for (const [date, row] of days) lines.push(`${date},${row.join(',')}`);
  return `${lines.join('\n')}\n`;
}

/** The same files in every process: the data is generated from a fixed seed. */
function inputs() {
  const quarterHours = yearOfReadings(15);
  const hours = yearOfReadings(60);
  const csv = writePgeCsv(quarterHours);
  const xml = writeEspiXml(hours);
  const halfHours = yearOfReadings(30);
  const dayRows = writeDayRows(halfHours, 'America/Los_Angeles');
  return {
    csv,
    csvBytes: new TextEncoder().encode(csv),
    csvKWh: quarterHours.reduce((sum, r) => sum + r.kWh, 0),
    rows: quarterHours.length,
    xml,
    xmlBytes: new TextEncoder().encode(xml),
    xmlKWh: hours.reduce((sum, r) => sum + r.kWh, 0),
    readings: hours.length,
    dayRows,
    dayRowsBytes: new TextEncoder().encode(dayRows),
    dayRowsKWh: halfHours.reduce((sum, r) => sum + r.kWh, 0),
    days: dayRows.split('\n').length - 2,
  };
}

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
}

/**
 * Every task is also warmed for at least this long: the day-per-row file takes about a
 * millisecond, and five runs of it leave both it and papaparse in V8's first tiers, so the ratio
 * measured the compilers' timing (1.4 to 1.7 after 5 warm-ups, 1.0 after 200, on the same code).
 */
const WARM_UP_MS = 300;

function time(run: () => void, runs = RUNS, warmUp = WARM_UP): number {
  const warmStart = performance.now();
  for (let i = 0; i < warmUp || performance.now() - warmStart < WARM_UP_MS; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

function importAndAnalyse(bytes: Uint8Array, expectedKWh: number, options?: ImportOptions): void {
  const imported = importIntervals(bytes, options);
  const series = toCanonicalSeries(imported);
  const analytics = analyze(series);
  assessQuality(imported, series);
  // A benchmark that measured a wrong answer would be worthless.
  if (Math.abs(analytics.deliveredKWh - expectedKWh) > 1e-6) {
    throw new Error(`interval bench: got ${analytics.deliveredKWh} kWh, expected ${expectedKWh}`);
  }
}

function runTask(task: Task, runs = RUNS, warmUp = WARM_UP): number {
  const data = inputs();
  if (task === 'papaparse') return time(() => Papa.parse(data.csv), runs, warmUp);
  if (task === 'pge-csv') {
    return time(() => importAndAnalyse(data.csvBytes, data.csvKWh), runs, warmUp);
  }
  if (task === 'espi-xml') {
    return time(() => importAndAnalyse(data.xmlBytes, data.xmlKWh), runs, warmUp);
  }
  if (task === 'papaparse-day-rows') return time(() => Papa.parse(data.dayRows), runs, warmUp);
  if (task === 'day-rows-csv') {
    const options = { state: 'CA' };
    return time(() => importAndAnalyse(data.dayRowsBytes, data.dayRowsKWh, options), runs, warmUp);
  }
  if (task === 'day-rows-import') {
    return time(() => importIntervals(data.dayRowsBytes, { state: 'CA' }), runs, warmUp);
  }
  const parser = new XMLParser({ ignoreAttributes: false });
  return time(() => parser.parse(data.xml), 5);
}

/**
 * Each task runs in its own process, one after the other: in a shared heap a task pays for the
 * garbage its neighbour left (papaparse leaves tens of megabytes of row arrays), which would
 * measure the neighbour rather than the task.
 */
function timeInChild(task: Task, runs = RUNS, warmUp = WARM_UP, processes = 1): number {
  const script = fileURLToPath(import.meta.url);
  const args = [script, TASK_FLAG, task, String(runs), String(warmUp)];
  let best = Number.POSITIVE_INFINITY;
  for (let p = 0; p < processes; p++) {
    const out = execFileSync(process.execPath, [...process.execArgv, ...args], {
      encoding: 'utf8',
    });
    const last = out.trim().split('\n').pop() ?? '';
    best = Math.min(best, Number((JSON.parse(last) as { ms: number }).ms));
  }
  return best;
}

/**
 * The day-per-row tasks take under half a millisecond: the same task's median moves by a fifth
 * from one process to the next (how the heap and the compiled code happened to fall), far more
 * than between the two tasks. Each is the best of this many processes, both the same way.
 */
const DAY_ROWS_PROCESSES = 3;

export async function benchIntervals(): Promise<void> {
  const data = inputs();
  if (data.rows !== 35_040 || data.readings !== 8_760 || data.days !== 365) {
    throw new Error('interval bench: generated year has the wrong length');
  }
  const papaMs = timeInChild('papaparse');
  const csvMs = timeInChild('pge-csv');
  const xmlMs = timeInChild('espi-xml');
  // Why the XML is scanned by hand: the library's bare parse of the same file, for comparison.
  const fxpMs = timeInChild('fast-xml-parser');
  const papaDayMs = timeInChild('papaparse-day-rows', RUNS, WARM_UP, DAY_ROWS_PROCESSES);
  const dayRowsMs = timeInChild('day-rows-csv');
  const dayImportMs = timeInChild('day-rows-import', RUNS, WARM_UP, DAY_ROWS_PROCESSES);
  const mb = (n: number) => (n / 1_048_576).toFixed(2);
  const ratio = (ms: number) =>
    `ratio ${(ms / papaMs).toFixed(2)} to papaparse (target <= 1.0, fail > 2.0)`;
  console.log(
    `papaparse bare parse of the CSV (${mb(data.csvBytes.length)} MB, 35,040 rows): ${papaMs.toFixed(1)} ms (median of ${RUNS} after at least ${WARM_UP} warm-up runs and ${WARM_UP_MS} ms)`,
  );
  console.log(
    `intervals: 1-year 15-min PG&E CSV import + analysis: ${csvMs.toFixed(1)} ms, ${ratio(csvMs)}`,
  );
  console.log(
    `intervals: 1-year hourly ESPI XML (${mb(data.xmlBytes.length)} MB, 8,760 readings) import + analysis: ${xmlMs.toFixed(1)} ms, ${ratio(xmlMs)}`,
  );
  console.log(`fast-xml-parser bare parse of the same XML, for comparison: ${fxpMs.toFixed(1)} ms`);
  // A year of one row per day is 365 rows of 49 fields: papaparse only splits them into strings,
  // so the like-for-like figure is the import alone (which also places the 17,520 readings in
  // time). The analysis reads 35,040 slots whatever the file's layout, several times papaparse's
  // parse of so short a file: it is printed beside, for information.
  console.log(
    `intervals: 1-year 30-min day-per-row CSV (${mb(data.dayRowsBytes.length)} MB, 365 rows of 48 columns) import alone: ${dayImportMs.toFixed(2)} ms, ratio ${(dayImportMs / papaDayMs).toFixed(2)} to papaparse's bare parse of the same file (${papaDayMs.toFixed(2)} ms; each the best of ${DAY_ROWS_PROCESSES} processes; target <= 1.0); import + analysis ${dayRowsMs.toFixed(1)} ms, for information`,
  );
}

/**
 * The import figures `npm run bench -- --check` guards: each import's median time over
 * papaparse's bare parse of the same kind of file (the 15-minute CSV for the PG&E and ESPI
 * imports, the day-per-row file for its import alone), all timed in their own processes one after
 * the other, as the bench does (fewer runs gave papaparse a lighter heap and the imports colder
 * code: ratios about 0.1 higher).
 */
export function importRatios(
  runs = RUNS,
  warmUp = WARM_UP,
): { pgeCsv: number; espi: number; dayRows: number } {
  const papaMs = timeInChild('papaparse', runs, warmUp);
  const pgeCsv = timeInChild('pge-csv', runs, warmUp) / papaMs;
  const espi = timeInChild('espi-xml', runs, warmUp) / papaMs;
  const papaDayMs = timeInChild('papaparse-day-rows', runs, warmUp);
  return { pgeCsv, espi, dayRows: timeInChild('day-rows-import', runs, warmUp) / papaDayMs };
}

const taskAt = process.argv.indexOf(TASK_FLAG);
if (taskAt > 0) {
  const [task, runs, warmUp] = process.argv.slice(taskAt + 1);
  const ms = runTask(task as Task, Number(runs ?? RUNS), Number(warmUp ?? WARM_UP));
  console.log(JSON.stringify({ ms }));
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchIntervals();
}
