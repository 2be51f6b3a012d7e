import { decodeText } from '../decode.ts';
import { detectFormat } from '../detect.ts';
import { IntervalImportError } from '../errors.ts';
import { CsvCursor } from '../scan/csv-cursor.ts';
import { daysFromCivil, isoDate, isValidDate } from '../time/civil.ts';

// A utility's billing history: one row per bill (its service period, usage with its unit,
// amount, sometimes demand and rate), as portals export it next to or instead of interval data.
// It is read into bills, never into intervals: a month's usage spread over a month's slots would
// look like real 15-minute data and is not.

const FORMAT = 'billing history CSV';

/** One bill of a billing history. Dates are local calendar days, both included. */
export interface HistoryBill {
  /** `YYYY-MM-DD`: the first and the last day of service. */
  periodStart: string;
  periodEnd: string;
  /** Days of service in the period (both ends included). */
  days: number;
  /** Usage as written, in `unit`; null when the row leaves it blank. */
  usage: number | null;
  /**
   * The usage unit as the file gives it: 'kWh', 'therms', 'ccf', ... Never converted: a gas bill
   * in therms stays in therms. Null when the file does not say.
   */
  unit: string | null;
  /** The bill's amount in cents; null when the row leaves it blank. */
  costCents: number | null;
  demandKw?: number;
  rate?: string;
  /** `YYYY-MM-DD` of the statement (bill date), when the file gives it apart from the period. */
  statementDate?: string;
  /** The bill's line in the file, for anyone checking it against the file. */
  line: number;
}

export interface BillingHistory {
  /** In file order. */
  bills: HistoryBill[];
  /** How the file was read where it had to be inferred, in words. */
  notes: string[];
}

export interface BillingHistoryOptions {
  /** Read ambiguous slash dates (05/04/2024) day first, as outside North America. */
  dayFirst?: boolean;
}

type Role =
  | 'start'
  | 'end'
  | 'readDate'
  | 'billDate'
  | 'days'
  | 'usage'
  | 'unit'
  | 'cost'
  | 'demand'
  | 'rate';

/** Header names (lower case, punctuation as spaces) of each column a billing history has. */
const ALIASES: Record<Role, readonly string[]> = {
  start: [
    'start',
    'start date',
    'from',
    'from date',
    'service from',
    'service start',
    'service start date',
    'period start',
    'bill start',
    'bill start date',
    'billing start',
    'billing start date',
    'billing period start',
    'start read date',
    'prior read date',
    'previous read date',
    'read date from',
  ],
  end: [
    'end',
    'end date',
    'to',
    'to date',
    'service to',
    'service end',
    'service end date',
    'period end',
    'bill end',
    'bill end date',
    'billing end',
    'billing end date',
    'billing period end',
    'through',
    'thru',
  ],
  readDate: ['read date', 'meter read date', 'current read date', 'end read date', 'read date to'],
  billDate: ['bill date', 'statement date', 'billing date', 'invoice date', 'issue date'],
  days: [
    'days',
    'billing days',
    'bill days',
    'number of days',
    'no of days',
    'days in period',
    'service days',
    'days billed',
  ],
  usage: [
    'usage',
    'total usage',
    'billed usage',
    'consumption',
    'total consumption',
    'energy usage',
    'energy',
    'quantity',
    'use',
    'kwh',
    'total kwh',
    'kwh usage',
    'kwh used',
    'therms',
    'total therms',
    'therms used',
    'ccf',
    'total ccf',
  ],
  unit: ['unit', 'units', 'uom', 'unit of measure', 'usage unit', 'usage units'],
  cost: [
    'cost',
    'total cost',
    'amount',
    'bill amount',
    'total amount',
    'amount due',
    'charges',
    'total charges',
    'current charges',
    'new charges',
    'total bill',
    'bill total',
  ],
  demand: [
    'demand',
    'kw',
    'peak demand',
    'max demand',
    'maximum demand',
    'billed demand',
    'peak kw',
  ],
  rate: ['rate', 'rate schedule', 'rate plan', 'tariff', 'rate code'],
};

const ALIAS_ROLE = new Map<string, Role>();
for (const [role, names] of Object.entries(ALIASES) as [Role, readonly string[]][]) {
  for (const name of names) ALIAS_ROLE.set(name, role);
}

/** Units as the file may spell them, in the spelling bills keep. */
const UNITS: Record<string, string> = {
  kwh: 'kWh',
  kwhs: 'kWh',
  mwh: 'MWh',
  therm: 'therms',
  therms: 'therms',
  thm: 'therms',
  ccf: 'ccf',
  hcf: 'hcf',
  mcf: 'mcf',
  dth: 'dekatherms',
  dekatherms: 'dekatherms',
  gj: 'GJ',
  m3: 'm³',
  'm³': 'm³',
  gallons: 'gallons',
  kgal: 'kgal',
};

/** Words that may stand beside a unit in a usage column's name. */
const USAGE_WORDS = new Set(['usage', 'used', 'use', 'consumption', 'total', 'billed', 'energy']);

interface Columns {
  start?: number;
  end?: number;
  readDate?: number;
  billDate?: number;
  days?: number;
  usage?: number;
  unit?: number;
  cost?: number;
  demand?: number;
  rate?: number;
  /** The usage unit named in the usage column's header ("Usage (kWh)", "Therms"). */
  headerUnit?: string;
  names: string[];
}

function normalise(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[\s\u00a0_.#:-]+/g, ' ')
    .trim();
}

function unitOf(raw: string): string | undefined {
  const key = raw.trim().toLowerCase().replace(/\s+/g, '');
  return UNITS[key];
}

/** The columns of a billing history header, or undefined when the record is not one. */
function columnsOf(cur: CsvCursor): Columns | undefined {
  const found: Columns = { names: [] };
  for (let i = 0; i < cur.count; i++) {
    const raw = cur.field(i).trim();
    found.names.push(raw);
    let name = normalise(raw);
    // "Usage (kWh)", "Amount ($)", "Demand [kW]": the unit apart from the name.
    let unit: string | undefined;
    const paren = /^(.*?)\s*[([]\s*([^)\]]*)\s*[)\]]$/.exec(name);
    if (paren) {
      name = (paren[1] as string).trim();
      unit = unitOf(paren[2] as string);
    }
    let role = ALIAS_ROLE.get(name);
    const words = name.split(' ');
    const unitWord = words.find((w) => unitOf(w) !== undefined);
    if (!role && unitWord && words.every((w) => w === unitWord || USAGE_WORDS.has(w))) {
      // "kWh Usage", "Usage kWh", "Therms Used": a unit beside a usage word.
      role = 'usage';
    }
    if (!role || found[role] !== undefined) continue;
    found[role] = i;
    if (role === 'usage') found.headerUnit = unit ?? (unitWord ? unitOf(unitWord) : undefined);
  }
  const hasPeriod =
    (found.start !== undefined &&
      (found.end !== undefined || found.readDate !== undefined || found.days !== undefined)) ||
    ((found.end !== undefined || found.readDate !== undefined || found.billDate !== undefined) &&
      found.days !== undefined) ||
    (found.start !== undefined && found.billDate !== undefined && found.days !== undefined);
  const hasFigures = found.usage !== undefined || found.cost !== undefined;
  return hasPeriod && hasFigures ? found : undefined;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

type DateOrder = 'mdy' | 'dmy';

/**
 * A calendar date: `YYYY-MM-DD`, `YYYY/MM/DD`, `MM/DD/YYYY` (or day first), `MM/DD/YY`,
 * `Jan 5, 2024` or `5-Jan-2024`, optionally followed by midnight. Days since the epoch; NaN when
 * the text is not a date or names one that does not exist; 'time' when it carries another time of
 * day (an interval's timestamp, not a bill's date).
 */
function parseDay(raw: string, order: DateOrder): number | 'time' {
  let text = raw.trim();
  const time =
    /[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(am|pm)?\s*(?:Z|[+-]\d{2}:?\d{2})?$/i.exec(
      text,
    );
  if (time) {
    const h = Number(time[1]) % 12;
    const midnight =
      (time[4] ? h === 0 && time[4].toLowerCase() === 'am' : Number(time[1]) === 0) &&
      Number(time[2]) === 0 &&
      Number(time[3] ?? 0) === 0;
    if (!midnight) return 'time';
    text = text.slice(0, time.index).trim();
  }
  const ymd = civilParts(text, order);
  if (!ymd) return Number.NaN;
  const [year, month, day] = ymd;
  if (!isValidDate(year, month, day)) return Number.NaN;
  return daysFromCivil(year, month, day);
}

/** Year, month and day as written, in any of the layouts `parseDay` reads. */
function civilParts(text: string, order: DateOrder): [number, number, number] | undefined {
  const year = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
  const month = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (iso) return [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  const slash = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text);
  if (slash) {
    const a = Number(slash[1]);
    const b = Number(slash[2]);
    const y = year(slash[3] as string);
    return order === 'mdy' ? [y, a, b] : [y, b, a];
  }
  const named = /^([a-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/i.exec(text);
  if (named) return [Number(named[3]), month(named[1] as string), Number(named[2])];
  const dayMonth = /^(\d{1,2})[- ]([a-z]{3})[a-z]*[- ](\d{2}|\d{4})$/i.exec(text);
  if (dayMonth)
    return [year(dayMonth[3] as string), month(dayMonth[2] as string), Number(dayMonth[1])];
  return undefined;
}

/** Day first or month first, from the slash dates that can only be one of them. */
function dateOrder(values: string[], dayFirst: boolean | undefined): DateOrder {
  let mdy = false;
  let dmy = false;
  for (const v of values) {
    const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\b/.exec(v);
    if (!m) continue;
    if (Number(m[1]) > 12) dmy = true;
    if (Number(m[2]) > 12) mdy = true;
  }
  if (mdy && !dmy) return 'mdy';
  if (dmy && !mdy) return 'dmy';
  return dayFirst ? 'dmy' : 'mdy';
}

/** The header and its delimiter, found in the first records (exports put account lines first). */
function findHeader(text: string): { cur: CsvCursor; columns: Columns } | undefined {
  const firstLines = text.slice(0, 4000);
  const delimiters = [44, 59, 9].filter((d) => firstLines.includes(String.fromCharCode(d)));
  for (const delimiter of delimiters) {
    const cur = new CsvCursor(text, delimiter);
    for (let record = 0; record < 30 && cur.next(); record++) {
      if (cur.count < 2) continue;
      const columns = columnsOf(cur);
      if (columns) return { cur, columns };
    }
  }
  return undefined;
}

/**
 * Whether a file is a billing history: not in any interval layout the engine reads, a header with
 * a bill's period (start and end, or a date and its days) and its usage or amount, and rows
 * whose periods last more than a day. A CSV of intervals with start and end columns has periods
 * of minutes or hours (or one day) and is left to the interval importers.
 */
export function isBillingHistory(input: Uint8Array | string): boolean {
  const text = decodeText(input);
  if (detectFormat(text) !== 'generic-csv') return false;
  const found = findHeader(text);
  if (!found) return false;
  const { cur, columns } = found;
  const periodColumns = [columns.start, columns.end, columns.readDate, columns.billDate];
  let rows = 0;
  for (let record = 0; rows < 5 && record < 20 && cur.next(); record++) {
    if (cur.blankRecord()) continue;
    const day = (i: number | undefined) => {
      if (i === undefined || cur.blank(i)) return undefined;
      const raw = cur.field(i);
      const mdy = parseDay(raw, 'mdy');
      const either = Number.isNaN(mdy) ? parseDay(raw, 'dmy') : mdy;
      // A timestamp in a layout not read here is still an interval's, not a bill's date.
      return Number.isNaN(either) && /\d:\d\d/.test(raw) ? 'time' : either;
    };
    const dates = periodColumns.map(day);
    if (dates.includes('time')) return false;
    rows++;
    const start = dates[0] as number | undefined;
    const end = (dates[1] ?? dates[2] ?? dates[3]) as number | undefined;
    const days = columns.days === undefined ? Number.NaN : cur.number(columns.days);
    let span = Number.NaN;
    if (start !== undefined && end !== undefined) span = end - start;
    else if (columns.days !== undefined) span = days;
    // Periods of a day or less are intervals. A row that cannot be read (a date that does not
    // exist, an end before its start) is a bad bill: the reader says where.
    if (span >= 0 && span <= 1) return false;
  }
  return rows > 0;
}

interface RawRow {
  line: number;
  start?: number;
  end?: number;
  readDate?: number;
  billDate?: number;
  days?: number;
  usage: number | null;
  unit: string | null;
  costCents: number | null;
  demandKw?: number;
  rate?: string;
}

/**
 * Reads a billing history into its bills. Throws IntervalImportError naming the line and column
 * of a figure that is not a number, a date that does not exist, or a period that ends before it
 * starts, so a bad file stores nothing.
 */
export function readBillingHistory(
  input: Uint8Array | string,
  options: BillingHistoryOptions = {},
): BillingHistory {
  const text = decodeText(input);
  const found = findHeader(text);
  if (!found) {
    throw new IntervalImportError(
      FORMAT,
      'line 1',
      'no header with a bill period (start and end dates, or a date and its days) and a usage or amount column',
    );
  }
  const { cur, columns } = found;
  const notes: string[] = [];
  const fail = (line: number, column: number | undefined, detail: string): never => {
    const name = column === undefined ? '' : `${columns.names[column] || `column ${column + 1}`} `;
    throw new IntervalImportError(FORMAT, `line ${line}`, `${name}${detail}`);
  };

  // The dates first, to tell day-first files from month-first ones.
  const records: { line: number; fields: string[] }[] = [];
  while (cur.next()) {
    if (cur.blankRecord()) continue;
    const fields: string[] = [];
    for (let i = 0; i < cur.count; i++) fields.push(cur.field(i));
    records.push({ line: cur.line, fields });
  }
  const dateColumns = [columns.start, columns.end, columns.readDate, columns.billDate].filter(
    (c): c is number => c !== undefined,
  );
  const order = dateOrder(
    records.flatMap((r) => dateColumns.map((c) => r.fields[c] ?? '')),
    options.dayFirst,
  );

  const rows: RawRow[] = [];
  for (const { line, fields } of records) {
    const cell = (i: number | undefined) => (i === undefined ? '' : (fields[i] ?? '').trim());
    const date = (i: number | undefined): number | undefined => {
      const raw = cell(i);
      if (raw === '') return undefined;
      const day = parseDay(raw, order);
      if (day === 'time')
        return fail(line, i, `is "${raw.slice(0, 40)}", a time of day, not a bill's date`);
      if (Number.isNaN(day)) {
        return fail(line, i, `is "${raw.slice(0, 40)}", not a date that exists`);
      }
      return day;
    };
    const number = (i: number | undefined): number | undefined => {
      const raw = cell(i);
      if (raw === '' || raw === '-' || /^n\/?a$/i.test(raw)) return undefined;
      const value = parseNumber(raw);
      if (Number.isNaN(value)) fail(line, i, `is "${raw.slice(0, 40)}", not a number`);
      return value;
    };
    if (dateColumns.every((c) => cell(c) === '')) {
      // A total or a remark under the bills: it names no period, so it is no bill.
      notes.push(`Line ${line} has no dates (a total or a remark?) and was left out.`);
      continue;
    }
    const days = number(columns.days);
    if (days !== undefined && (!Number.isInteger(days) || days < 1)) {
      fail(line, columns.days, `is "${cell(columns.days)}", not a whole number of days`);
    }
    const usage = number(columns.usage);
    const cost = number(columns.cost);
    const rowUnit = cell(columns.unit);
    let unit: string | null = columns.headerUnit ?? null;
    if (rowUnit !== '') unit = unitOf(rowUnit) ?? rowUnit;
    rows.push({
      line,
      start: date(columns.start),
      end: date(columns.end),
      readDate: date(columns.readDate),
      billDate: date(columns.billDate),
      days,
      usage: usage ?? null,
      unit,
      costCents: cost === undefined ? null : Math.round(cost * 100),
      demandKw: number(columns.demand),
      rate: cell(columns.rate) || undefined,
    });
  }
  if (rows.length === 0) {
    throw new IntervalImportError(
      FORMAT,
      `line ${cur.line}`,
      'the file has no bills under its header',
    );
  }

  const bills = rows.map((row) => toBill(row, columns, fail));
  readToRead(bills, rows, columns, notes);
  if (bills.some((b) => b.usage !== null && b.unit === null)) {
    notes.push(
      'The file does not say the usage unit (no unit in the header or a units column); the usage is kept as written and not compared with kWh.',
    );
  }
  if (order === 'dmy') notes.push('Dates were read day first (DD/MM/YYYY).');
  return { bills, notes };
}

/** A row's period as first and last day of service. */
function toBill(
  row: RawRow,
  columns: Columns,
  fail: (line: number, column: number | undefined, detail: string) => never,
): HistoryBill {
  let first: number | undefined;
  let last: number | undefined;
  const { start, days } = row;
  const end = row.end;
  if (start !== undefined && end !== undefined) {
    first = start;
    last = end;
  } else if (start !== undefined && row.readDate !== undefined) {
    // From one meter read to the next: the read day starts the next bill.
    first = start;
    last = row.readDate - 1;
  } else if (start !== undefined && days !== undefined) {
    first = start;
    last = start + days - 1;
  } else if (end !== undefined && days !== undefined) {
    first = end - days + 1;
    last = end;
  } else if (row.readDate !== undefined && days !== undefined) {
    first = row.readDate - days;
    last = row.readDate - 1;
  } else if (row.billDate !== undefined && days !== undefined) {
    first = row.billDate - days;
    last = row.billDate - 1;
  }
  if (first === undefined || last === undefined) {
    return fail(
      row.line,
      undefined,
      'has no complete period (a start and an end date, or a date and its days)',
    );
  }
  if (last < first) {
    const column = columns.end ?? columns.readDate ?? columns.days;
    return fail(
      row.line,
      column,
      `ends on ${isoDate(last)}, before the period starts (${isoDate(first)})`,
    );
  }
  return {
    periodStart: isoDate(first),
    periodEnd: isoDate(last),
    days: last - first + 1,
    usage: row.usage,
    unit: row.unit,
    costCents: row.costCents,
    ...(row.demandKw !== undefined ? { demandKw: row.demandKw } : {}),
    ...(row.rate !== undefined ? { rate: row.rate } : {}),
    ...(row.billDate !== undefined ? { statementDate: isoDate(row.billDate) } : {}),
    line: row.line,
  };
}

/**
 * Start and end columns are either the first and last day of service, or two meter-read dates
 * (the end date's read starts the next bill). The days column says which where there is one;
 * else bills that share their boundary dates are read-to-read.
 */
function readToRead(bills: HistoryBill[], rows: RawRow[], columns: Columns, notes: string[]) {
  if (columns.start === undefined || columns.end === undefined) return;
  const span = (r: RawRow) => (r.end as number) - (r.start as number);
  const whole = rows.filter((r) => r.start !== undefined && r.end !== undefined);
  let reads: boolean;
  if (columns.days !== undefined) {
    const withDays = whole.filter((r) => r.days !== undefined);
    reads = withDays.length > 0 && withDays.every((r) => span(r) === r.days);
    const mismatched = withDays.filter((r) => span(r) !== r.days && span(r) + 1 !== r.days);
    for (const r of mismatched.slice(0, 5)) {
      notes.push(
        `Line ${r.line}: its dates make ${span(r) + 1} days but its days column says ${r.days}; the dates were used.`,
      );
    }
  } else {
    const sorted = [...whole].sort((a, b) => (a.start as number) - (b.start as number));
    let shared = 0;
    let pairs = 0;
    for (let i = 1; i < sorted.length; i++) {
      pairs++;
      if (sorted[i]?.start === sorted[i - 1]?.end) shared++;
    }
    reads = pairs > 0 && shared * 2 > pairs;
  }
  if (!reads) return;
  for (const bill of bills) {
    const row = rows.find((r) => r.line === bill.line);
    if (!row || row.start === undefined || row.end === undefined || row.end <= row.start) continue;
    bill.periodEnd = isoDate(row.end - 1);
    bill.days = row.end - row.start;
  }
  notes.push(
    'The start and end dates are meter-read dates (each bill starts on the day the last one ended), so each period ends the day before its end date.',
  );
}

/** A figure as written: `$1,234.56`, `-12.5`, `(3.00)`; NaN when it is not a number. */
function parseNumber(raw: string): number {
  let s = raw.replace(/[\s\u00a0$,]/g, '');
  let negative = false;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-$')) s = `-${s.slice(2)}`;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(s)) return Number.NaN;
  const value = Number(s);
  return negative ? -value : value;
}
