/**
 * Writes NEM12 files for tests from the format description (AEMO "Meter Data File Format
 * Specification NEM12 & NEM13"): a 100 header, per stream a 200 record and one 300 record a
 * day (with 400 records for a V day), optional 500 records and a 900 end.
 */
export interface Nem12Day {
  /** CCYYMMDD */
  date: string;
  /** One value per interval; null writes an empty field. */
  values: Array<number | null>;
  quality?: string;
  /** For quality V: [startInterval, endInterval, qualityMethod] ranges (1-based). */
  ranges?: Array<[number, number, string]>;
}

export interface Nem12Stream {
  nmi: string;
  suffix: string;
  unit?: string;
  minutes: number;
  serial?: string;
  days: Nem12Day[];
}

export function writeNem12(streams: Nem12Stream[], options: { end?: boolean } = {}): string {
  const lines = ['100,NEM12,202401310930,MDPUSER,RETAILER'];
  for (const s of streams) {
    lines.push(
      `200,${s.nmi},E1B1,1,${s.suffix},N1,${s.serial ?? 'METER1'},${s.unit ?? 'kWh'},${s.minutes},20240301`,
    );
    for (const day of s.days) {
      const values = day.values.map((v) => (v === null ? '' : String(v))).join(',');
      lines.push(`300,${day.date},${values},${day.quality ?? 'A'},,,20240102120000,20240102130000`);
      for (const [from, to, method] of day.ranges ?? []) {
        lines.push(`400,${from},${to},${method},,`);
      }
    }
    lines.push('500,O,S01009901,20240101000000,');
  }
  if (options.end !== false) lines.push('900');
  return `${lines.join('\r\n')}\r\n`;
}

/** A day of `count` values from `valueAt(i)`. */
export function day(
  date: string,
  count: number,
  valueAt: (i: number) => number | null,
  quality?: string,
): Nem12Day {
  return { date, values: Array.from({ length: count }, (_, i) => valueAt(i)), quality };
}
