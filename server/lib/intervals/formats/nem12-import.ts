import { finishChannel } from '../channel.ts';
import { IntervalImportError } from '../errors.ts';
import { newMetadata } from '../metadata.ts';
import { DAY_MS, daysFromCivil, isValidDate } from '../time/civil.ts';
import { zoneClock } from '../time/zone-clock.ts';
import type {
  Channel,
  Direction,
  ImportOptions,
  ImportResult,
  IntervalReading,
  ReadingQuality,
} from '../types.ts';

const FORMAT = 'NEM12';
/** NEM12 times are market time: Australian Eastern Standard Time all year. */
const MARKET_ZONE = 'Australia/Brisbane';
const LENGTHS = new Set([5, 15, 30]);
/** Australian states and territories (names and abbreviations) to their zones. */
const AUSTRALIAN_ZONES: Record<string, string> = {
  'new south wales': 'Australia/Sydney',
  nsw: 'Australia/Sydney',
  'australian capital territory': 'Australia/Sydney',
  act: 'Australia/Sydney',
  victoria: 'Australia/Melbourne',
  vic: 'Australia/Melbourne',
  queensland: 'Australia/Brisbane',
  qld: 'Australia/Brisbane',
  'south australia': 'Australia/Adelaide',
  sa: 'Australia/Adelaide',
  tasmania: 'Australia/Hobart',
  tas: 'Australia/Hobart',
  'northern territory': 'Australia/Darwin',
  nt: 'Australia/Darwin',
  'western australia': 'Australia/Perth',
  wa: 'Australia/Perth',
};

interface Stream {
  nmi: string;
  suffix: string;
  direction: Direction;
  /** kWh = value × scale (Wh 0.001, MWh 1000), applied by dividing where exact. */
  unit: 'kWh' | 'Wh' | 'MWh';
  minutes: number;
  readings: IntervalReading[];
}

/** A day whose quality varies by interval (`V`): its readings wait for the 400 records. */
interface VariableDay {
  stream: Stream;
  readings: Array<IntervalReading | undefined>;
}

/**
 * AEMO's NEM12 meter data file (Australia, New Zealand): 100 header, 200 NMI data details
 * (one stream: an NMI and a channel such as E1 consumption or B1 export), 300 interval data
 * (one day of 5, 15 or 30-minute values), 400 quality by interval range, 500 B2B details, 900
 * end. Each energy stream becomes a channel tagged with its NMI (E: delivered, B: received);
 * reactive and other units are left out and listed. Times are market time: the standard time
 * (no daylight saving) of the caller's zone, the provider's Australian state, or AEST.
 */
export function importNem12(text: string, options: ImportOptions): ImportResult {
  const metadata = newMetadata();
  const zone = zoneOf(options, metadata.notes);
  metadata.timeZone = zone.timeZone;
  metadata.timeZoneSource = zone.source;
  const clock = zoneClock(zone.timeZone);
  const standardOffsetOf = (day: number) => {
    const year = Math.floor(day / 365.25) * 365.25 * DAY_MS;
    return Math.min(clock.offsetAt(year + 15 * DAY_MS), clock.offsetAt(year + 196 * DAY_MS));
  };
  let offsetYear = Number.NaN;
  let offset = 0;

  const streams = new Map<string, Stream>();
  let stream: Stream | undefined;
  let skipping = false;
  let variable: VariableDay | undefined;
  let header = false;
  let ended = false;
  let lineNo = 0;
  const fail = (detail: string): never => {
    throw new IntervalImportError(FORMAT, `line ${lineNo}`, detail);
  };
  const flushVariable = () => {
    if (!variable) return;
    for (const r of variable.readings)
      if (r && r.quality !== 'missing') variable.stream.readings.push(r);
    variable = undefined;
  };

  let position = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (position < text.length && !ended) {
    let end = text.indexOf('\n', position);
    if (end === -1) end = text.length;
    const line = text.slice(position, end).replace(/\r$/, '');
    position = end + 1;
    lineNo++;
    if (line.trim() === '') continue;
    const fields = line.split(',').map((f) => f.trim().replace(/^"(.*)"$/, '$1'));
    const record = fields[0];
    if (!header && record !== '100') fail('the file does not start with a 100 header record');
    if (record !== '400') flushVariable();
    switch (record) {
      case '100':
        if (header) fail('a second 100 header record');
        if ((fields[1] ?? '').toUpperCase() !== 'NEM12') {
          fail(`the header names the format "${fields[1] ?? ''}", not NEM12`);
        }
        header = true;
        break;
      case '200': {
        const nmi = fields[1] ?? '';
        const suffix = (fields[4] ?? '').toUpperCase();
        const uom = (fields[7] ?? '').toUpperCase();
        const minutes = Number(fields[8]);
        if (nmi === '') fail('the 200 record has no NMI');
        if (!LENGTHS.has(minutes)) {
          fail(`interval length "${fields[8] ?? ''}" is not 5, 15 or 30 minutes`);
        }
        const unit =
          uom === 'KWH' ? 'kWh' : uom === 'WH' ? 'Wh' : uom === 'MWH' ? 'MWh' : undefined;
        if (!unit) {
          skipping = true;
          stream = undefined;
          const note = `NMI ${nmi} ${suffix}: unit ${fields[7] ?? ''} is not energy (kWh, Wh or MWh)`;
          if (!metadata.ignored.includes(note)) metadata.ignored.push(note);
          break;
        }
        skipping = false;
        const key = `${nmi}\u0000${suffix}`;
        stream = streams.get(key);
        if (!stream) {
          stream = {
            nmi,
            suffix,
            direction: suffix.startsWith('B') ? 'received' : 'delivered',
            unit,
            minutes,
            readings: [],
          };
          streams.set(key, stream);
          if (!metadata.meters.includes(nmi)) metadata.meters.push(nmi);
        }
        stream.unit = unit;
        stream.minutes = minutes;
        break;
      }
      case '300': {
        metadata.sourceRecords++;
        if (skipping) break;
        if (!stream) fail('a 300 interval record before any 200 record');
        const s = stream as Stream;
        const count = 1440 / s.minutes;
        // IntervalDate, the values, then QualityMethod, ReasonCode, ReasonDescription,
        // UpdateDateTime, MSATSLoadDateTime (the last ones may be left off).
        if (fields.length < count + 3 || fields.length > count + 7) {
          fail(
            `the 300 record has ${Math.max(0, fields.length - 7)} to ${fields.length - 3} values, not the ${count} of a day of ${s.minutes}-minute intervals`,
          );
        }
        const day = dayOf(fields[1] ?? '', fail);
        const year = Math.floor(day / 365.25);
        if (year !== offsetYear) {
          offsetYear = year;
          offset = standardOffsetOf(day);
        }
        const method = (fields[2 + count] ?? '').toUpperCase();
        const flag = method.charAt(0);
        const quality = qualityOf(flag);
        if (quality === 'missing') break;
        const dayStart = day * DAY_MS - offset;
        const readings: Array<IntervalReading | undefined> = [];
        for (let i = 0; i < count; i++) {
          const raw = fields[2 + i] ?? '';
          if (raw === '') {
            readings.push(undefined);
            continue;
          }
          const value = Number(raw);
          if (!Number.isFinite(value))
            fail(`interval ${i + 1} is "${raw.slice(0, 20)}", not a number`);
          readings.push({
            start: dayStart + i * s.minutes * 60_000,
            duration: s.minutes * 60,
            kWh: s.unit === 'kWh' ? value : s.unit === 'Wh' ? value / 1000 : value * 1000,
            direction: s.direction,
            quality: flag === 'V' ? 'actual' : quality,
            cost: undefined,
            dst: undefined,
          });
        }
        if (flag === 'V') variable = { stream: s, readings };
        else for (const r of readings) if (r) s.readings.push(r);
        break;
      }
      case '400': {
        if (skipping) break;
        if (!variable) fail('a 400 quality record that follows no 300 record of quality V');
        const day = variable as VariableDay;
        const from = Number(fields[1]);
        const to = Number(fields[2]);
        if (
          !Number.isInteger(from) ||
          !Number.isInteger(to) ||
          from < 1 ||
          to < from ||
          to > day.readings.length
        ) {
          fail(
            `intervals ${fields[1] ?? ''} to ${fields[2] ?? ''} are not within 1 to ${day.readings.length}`,
          );
        }
        const quality = qualityOf((fields[3] ?? '').toUpperCase().charAt(0));
        for (let i = from - 1; i < to; i++) {
          const r = day.readings[i];
          if (r) r.quality = quality;
        }
        break;
      }
      case '500':
        break;
      case '900':
        ended = true;
        break;
      default:
        fail(
          `"${(record ?? '').slice(0, 10)}" is not a NEM12 record (100, 200, 300, 400, 500 or 900)`,
        );
    }
  }
  flushVariable();
  if (!ended) metadata.notes.push('The file has no 900 end record: it may have been cut short.');

  let channels: Channel[] = [];
  for (const s of streams.values()) {
    if (s.readings.length === 0) continue;
    const channel = finishChannel(s.direction, s.readings, `NMI ${s.nmi} ${s.suffix}`, metadata);
    channel.meter = s.nmi;
    channels.push(channel);
  }
  if (options.meter !== undefined) {
    if (!metadata.meters.includes(options.meter)) {
      throw new IntervalImportError(
        FORMAT,
        'options',
        `the file has no NMI ${options.meter} (it has ${metadata.meters.join(', ')})`,
      );
    }
    channels = channels.filter((c) => c.meter === options.meter);
  }
  if (channels.length === 0) {
    throw new IntervalImportError(
      FORMAT,
      `line ${lineNo}`,
      'no interval data of energy in the file',
    );
  }
  return { format: 'nem12', channels, metadata };
}

/** The caller's zone, else the provider's Australian state's, else AEST; noted either way. */
function zoneOf(options: ImportOptions, notes: string[]) {
  let timeZone = MARKET_ZONE;
  let source: 'option' | 'state' | 'file' = 'file';
  if (options.timeZone !== undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: options.timeZone });
    } catch {
      throw new IntervalImportError(FORMAT, 'options', `unknown time zone "${options.timeZone}"`);
    }
    timeZone = options.timeZone;
    source = 'option';
  } else if (options.state !== undefined) {
    const zone = AUSTRALIAN_ZONES[options.state.trim().toLowerCase()];
    if (zone) {
      timeZone = zone;
      source = 'state';
    }
  }
  notes.push(
    `NEM12 times are market time: read as ${timeZone}'s standard time all year, with no daylight saving.`,
  );
  return { timeZone, source };
}

function qualityOf(flag: string): ReadingQuality {
  if (flag === 'A' || flag === 'V' || flag === '') return 'actual';
  if (flag === 'N') return 'missing';
  return 'estimated';
}

function dayOf(raw: string, fail: (detail: string) => never): number {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  const year = Number(m?.[1]);
  const month = Number(m?.[2]);
  const date = Number(m?.[3]);
  if (!m || !isValidDate(year, month, date))
    fail(`interval date "${raw.slice(0, 12)}" is not CCYYMMDD`);
  return daysFromCivil(year, month, date);
}
