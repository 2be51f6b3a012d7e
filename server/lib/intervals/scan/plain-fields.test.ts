import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeText, oneBytePerChar } from '../decode.ts';
import { importIntervals } from '../index.ts';
import { readPlainTime, readTime } from './dates.ts';
import { parseNumber, parsePlainNumber } from './numbers.ts';

// The CSV importers read plain numbers and times from the file's bytes and leave everything else
// to the string readers: the bytes' answer, whenever it gives one, must be the string readers'.

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
/** Fields made of the characters numbers and times are written with, and a few others. */
const field = fc
  .array(fc.constantFrom(...'0123456789.:$-, ()eAPM'.split('')), { maxLength: 18 })
  .map((cs) => cs.join(''));

describe('plain fields read from bytes', () => {
  it('gives the same number as parseNumber whenever it reads one', () => {
    fc.assert(
      fc.property(field, (s) => {
        const plain = parsePlainNumber(bytes(s), 0, s.length);
        if (!Number.isNaN(plain)) expect(plain).toBe(parseNumber(s, 0, s.length));
      }),
      { numRuns: 5000 },
    );
    expect(parsePlainNumber(bytes('$12.5'), 0, 5)).toBe(12.5);
    expect(parsePlainNumber(bytes('0.1'), 0, 3)).toBe(0.1);
    // Left to parseNumber: signs, separators, blanks, too many digits.
    for (const s of ['-1', '1,000', '', ' 1', '1234567890123456', '1.2.3', '$'])
      expect(parsePlainNumber(bytes(s), 0, s.length)).toBeNaN();
  });

  it('gives the same time as readTime whenever it reads one', () => {
    fc.assert(
      fc.property(field, (s) => {
        const plain = readPlainTime(bytes(s), 0, s.length);
        if (!Number.isNaN(plain)) expect(plain).toBe(readTime(s, 0, s.length));
      }),
      { numRuns: 5000 },
    );
    expect(readPlainTime(bytes('9:45'), 0, 4)).toBe((9 * 60 + 45) * 60_000);
    expect(readPlainTime(bytes('24:00'), 0, 5)).toBe(24 * 3_600_000);
    for (const s of ['24:15', '12:60', '1:00 PM', '01:00:00', '1:5'])
      expect(readPlainTime(bytes(s), 0, s.length)).toBeNaN();
  });

  it('decodes ASCII, with or without a byte-order mark, as UTF-8 would', () => {
    const ascii = 'TYPE,DATE\nElectric usage,2024-01-01\n';
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(ascii)]);
    expect(decodeText(bytes(ascii))).toBe(ascii);
    expect(decodeText(withBom)).toBe(ascii);
    expect(oneBytePerChar(withBom, decodeText(withBom))).toEqual(bytes(ascii));
    // Beyond ASCII the file is still read as UTF-8, or as Windows-1252 when it is not UTF-8.
    expect(decodeText(new TextEncoder().encode('Café,1\n'))).toBe('Café,1\n');
    expect(decodeText(new Uint8Array([0x43, 0x61, 0x66, 0xe9]))).toBe('Café');
  });

  it('reads a PG&E file the same from bytes as from its text', () => {
    const csv = [
      'Name,A CUSTOMER',
      '',
      'TYPE,DATE,START TIME,END TIME,USAGE (kWh),COST,NOTES',
      'Electric usage,2024-01-01,00:00,00:14,0.25,$0.07,',
      'Electric usage,2024-01-01,00:15,00:29,"1,000.5",-$0.10,',
      'Electric usage,2024-01-01,0:30,0:44, 0.5 ,$0.02,* This data was estimated',
      'Electric usage,2024-01-01,12:45 AM,12:59 AM,1e-1,,',
      '',
    ].join('\n');
    const fromBytes = importIntervals(bytes(csv));
    const fromText = importIntervals(csv);
    expect(fromBytes).toEqual(fromText);
    expect(fromBytes.channels[0]?.readings.map((r) => r.kWh)).toEqual([0.25, 1000.5, 0.5, 0.1]);
  });
});
