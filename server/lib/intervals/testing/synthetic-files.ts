import { DAY_MS, isoOffset, isoWallClock, MINUTE_MS } from '../time/civil.ts';
import { zoneClock } from '../time/zone-clock.ts';

// Writers of synthetic utility files in each layout the importer reads, for tests and the
// benchmark: they write local labels the way each utility does, so DST days come out with the
// utilities' quirks (repeated fall-back labels, ...) without anyone hand-typing a year of rows.

export interface SyntheticReading {
  /** UTC ms. */
  start: number;
  minutes: number;
  kWh: number;
  receivedKWh?: number;
  cost?: number;
  estimated?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Local wall-clock ms of a UTC instant. */
function wall(utc: number, timeZone: string): number {
  return utc + zoneClock(timeZone).offsetAt(utc);
}

function parts(local: number) {
  const iso = isoWallClock(local);
  return { date: iso.slice(0, 10), hhmm: iso.slice(11, 16), hhmmss: iso.slice(11, 19) };
}

/** PG&E Download My Data: inclusive END TIME, `$` costs, estimate notes. */
export function writePgeCsv(
  readings: readonly SyntheticReading[],
  timeZone = 'America/Los_Angeles',
): string {
  const withExport = readings.some((r) => r.receivedKWh !== undefined);
  const lines = [
    'Name,SYNTHETIC CUSTOMER',
    'Address,"1 MAIN ST, OAKLAND CA 94607"',
    'Account Number,1111111111',
    'Service,Service 1',
    '',
    withExport
      ? 'TYPE,DATE,START TIME,END TIME,IMPORT (kWh),EXPORT (kWh),COST,NOTES'
      : 'TYPE,DATE,START TIME,END TIME,USAGE (kWh),COST,NOTES',
  ];
  for (const r of readings) {
    const local = wall(r.start, timeZone);
    const { date, hhmm } = parts(local);
    const end = parts(local + r.minutes * MINUTE_MS - MINUTE_MS).hhmm;
    const cost =
      r.cost === undefined ? '' : `${r.cost < 0 ? '-' : ''}$${Math.abs(r.cost).toFixed(2)}`;
    const exported = withExport ? `,${r.receivedKWh ?? 0}` : '';
    const note = r.estimated ? ',* This data was estimated' : '';
    lines.push(`Electric usage,${date},${hhmm},${end},${r.kWh}${exported},${cost}${note}`);
  }
  return `\ufeff\n${lines.join('\n')}\n`;
}

export interface SceOptions {
  /** Separator inside "start to end": a space or a non-breaking space. */
  nbsp?: boolean;
  quoted?: boolean;
  crlf?: boolean;
}

/** SCE Green Button CSV: per-day Delivered / Received sections of "start to end" rows. */
export function writeSceCsv(
  readings: readonly SyntheticReading[],
  timeZone = 'America/Los_Angeles',
  options: SceOptions = {},
): string {
  const q = (s: string) => (options.quoted === false ? s : `"${s}"`);
  const sep = options.nbsp ? '\u00a0' : ' ';
  const lines = [
    'Energy Usage Information',
    q('For location: 1 SYNTHETIC WAY IRVINE CA 92618'),
    '',
    'Detailed Usage',
    '',
  ];
  const byDay = new Map<string, SyntheticReading[]>();
  for (const r of readings) {
    const date = parts(wall(r.start, timeZone)).date;
    const day = byDay.get(date);
    if (day) day.push(r);
    else byDay.set(date, [r]);
  }
  const withReceived = readings.some((r) => r.receivedKWh !== undefined);
  for (const [date, rows] of byDay) {
    for (const direction of withReceived ? ['Delivered', 'Received'] : ['Delivered']) {
      lines.push(q(`Data for period starting: ${date} 00:00:00  for 24 hours`));
      lines.push(
        `Energy  ${direction} time period,Usage ${direction}(Real energy in kilowatt-hours),Reading quality`,
      );
      for (const r of rows) {
        const from = parts(wall(r.start, timeZone));
        const to = parts(wall(r.start + r.minutes * MINUTE_MS, timeZone));
        const value = direction === 'Delivered' ? r.kWh : (r.receivedKWh ?? 0);
        const period = `${from.date}${sep}${from.hhmmss}${sep}to${sep}${to.date}${sep}${to.hhmmss}`;
        lines.push(`${q(period)},${q(String(value))},${q(r.estimated ? 'Estimated' : '')}`);
      }
      lines.push('');
    }
  }
  return lines.join(options.crlf ? '\r\n' : '\n');
}

/** SDG&E CSV export: key/value preamble, M/D/YYYY dates, 12-hour clock, Duration in minutes. */
export function writeSdgeCsv(
  readings: readonly SyntheticReading[],
  timeZone = 'America/Los_Angeles',
): string {
  const total = readings.reduce((sum, r) => sum + r.kWh, 0);
  const lines = [
    'Name,SYNTHETIC CUSTOMER',
    'Address,1 HARBOR DR San Diego CA 92101',
    'Account Number,2222222222',
    'Meter Number,33333333',
    `Total Usage,${Math.round(total * 1e6) / 1e6}`,
    'UOM,kWh',
    'Meter Number,Date,Start Time,Duration,Consumption,Generation,Net',
  ];
  for (const r of readings) {
    const local = wall(r.start, timeZone);
    const days = Math.floor(local / DAY_MS);
    const { date } = parts(local);
    const [y, m, d] = date.split('-').map(Number);
    const minutesOfDay = (local - days * DAY_MS) / MINUTE_MS;
    const h24 = Math.floor(minutesOfDay / 60);
    const clock = `${h24 % 12 === 0 ? 12 : h24 % 12}:${pad(minutesOfDay % 60)} ${h24 < 12 ? 'AM' : 'PM'}`;
    const generation = r.receivedKWh === undefined ? '' : String(r.receivedKWh);
    const net = Math.round((r.kWh - (r.receivedKWh ?? 0)) * 1e6) / 1e6;
    lines.push(
      `"33333333","${m}/${d}/${y}","${clock}","${r.minutes}","${r.kWh}","${generation}","${net}"`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export interface GenericOptions {
  unit?: 'kWh' | 'kW';
  /** Write local times without offset (true) or instants with their offset (false). */
  local?: boolean;
}

/** A plain `Timestamp,kWh` (or kW) CSV with optional Received and Cost columns. */
export function writeGenericCsv(
  readings: readonly SyntheticReading[],
  timeZone: string,
  options: GenericOptions = {},
): string {
  const unit = options.unit ?? 'kWh';
  const withReceived = readings.some((r) => r.receivedKWh !== undefined);
  const lines = [
    `Interval Start,Energy (${unit})${withReceived ? `,Received (${unit})` : ''},Cost`,
  ];
  for (const r of readings) {
    const offset = zoneClock(timeZone).offsetAt(r.start);
    const local = isoWallClock(r.start + offset);
    const stamp =
      options.local === false ? `${local}${isoOffset(offset)}` : local.replace('T', ' ');
    const scale = unit === 'kW' ? 60 / r.minutes : 1;
    const received = withReceived ? `,${(r.receivedKWh ?? 0) * scale}` : '';
    lines.push(`${stamp},${r.kWh * scale}${received},${r.cost ?? ''}`);
  }
  return `${lines.join('\n')}\n`;
}
