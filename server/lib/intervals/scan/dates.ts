import { DAY_MS, daysFromCivil, HOUR_MS, isValidDate, MINUTE_MS } from '../time/civil.ts';
import { isBlankCode } from './numbers.ts';

// Date and time readers over a slice of the file text. They return NaN when the text is not a
// date/time and leave where they stopped in `cursor.pos`, so a caller can read "date time",
// "date to date" or "date, time" layouts without splitting strings.

export const cursor = { pos: 0, offset: Number.NaN };

function skipBlanks(text: string, pos: number, end: number): number {
  let p = pos;
  while (p < end && isBlankCode(text.charCodeAt(p))) p++;
  return p;
}

/** Reads 1..max digits at pos; returns the value or -1, and sets cursor.pos after them. */
function readDigits(text: string, pos: number, end: number, max: number): number {
  let value = 0;
  let p = pos;
  while (p < end && p - pos < max) {
    const c = text.charCodeAt(p);
    if (c < 48 || c > 57) break;
    value = value * 10 + (c - 48);
    p++;
  }
  cursor.pos = p;
  return p === pos ? -1 : value;
}

/** A date as YYYY-MM-DD, YYYY/MM/DD, M/D/YYYY or M/D/YY: days since 1970-01-01, or NaN. */
export function readDate(text: string, start: number, end: number): number {
  const p = skipBlanks(text, start, end);
  const first = readDigits(text, p, end, 4);
  const firstLength = cursor.pos - p;
  const sep = text.charCodeAt(cursor.pos);
  if (first < 0 || (sep !== 45 && sep !== 47)) return Number.NaN;
  const second = readDigits(text, cursor.pos + 1, end, 2);
  if (second < 0 || text.charCodeAt(cursor.pos) !== sep) return Number.NaN;
  const thirdStart = cursor.pos + 1;
  const third = readDigits(text, thirdStart, end, 4);
  if (third < 0) return Number.NaN;
  let year: number;
  let month: number;
  let day: number;
  if (firstLength === 4) {
    year = first;
    month = second;
    day = third;
  } else {
    month = first;
    day = second;
    year = cursor.pos - thirdStart <= 2 ? 2000 + third : third;
  }
  if (!isValidDate(year, month, day)) return Number.NaN;
  return daysFromCivil(year, month, day);
}

/** A time as H:MM, H:MM:SS, with optional AM/PM: ms after midnight (24:00 allowed), or NaN. */
export function readTime(text: string, start: number, end: number): number {
  const p = skipBlanks(text, start, end);
  let hour = readDigits(text, p, end, 2);
  if (hour < 0 || text.charCodeAt(cursor.pos) !== 58) return Number.NaN;
  const minute = readDigits(text, cursor.pos + 1, end, 2);
  if (minute < 0 || minute > 59) return Number.NaN;
  let second = 0;
  if (text.charCodeAt(cursor.pos) === 58) {
    second = readDigits(text, cursor.pos + 1, end, 2);
    if (second < 0 || second > 59) return Number.NaN;
    if (text.charCodeAt(cursor.pos) === 46) readDigits(text, cursor.pos + 1, end, 9);
  }
  const after = skipBlanks(text, cursor.pos, end);
  const a = text.charCodeAt(after) | 32;
  if ((a === 97 || a === 112) && (text.charCodeAt(after + 1) | 32) === 109) {
    if (hour < 1 || hour > 12) return Number.NaN;
    hour = (hour % 12) + (a === 112 ? 12 : 0);
    cursor.pos = after + 2;
  }
  if (hour > 24 || (hour === 24 && (minute > 0 || second > 0))) return Number.NaN;
  return hour * HOUR_MS + minute * MINUTE_MS + second * 1000;
}

/**
 * A time written exactly `H:MM` or `HH:MM` (24-hour) in chars[start, end): ms after midnight, or
 * NaN for anything else, which readTime then reads (seconds, AM/PM, spaces). Reads the text's
 * bytes, one a character.
 */
export function readPlainTime(chars: Uint8Array, start: number, end: number): number {
  const length = end - start;
  if (length !== 4 && length !== 5) return Number.NaN;
  const colon = end - 3;
  if (chars[colon] !== 58) return Number.NaN;
  let hour = 0;
  for (let i = start; i < colon; i++) {
    const c = (chars[i] as number) - 48;
    if (c < 0 || c > 9) return Number.NaN;
    hour = hour * 10 + c;
  }
  const tens = (chars[colon + 1] as number) - 48;
  const ones = (chars[colon + 2] as number) - 48;
  if (tens < 0 || tens > 5 || ones < 0 || ones > 9) return Number.NaN;
  const minute = tens * 10 + ones;
  if (hour > 24 || (hour === 24 && minute > 0)) return Number.NaN;
  return hour * HOUR_MS + minute * MINUTE_MS;
}

/** A UTC offset (Z, ±HH:MM, ±HHMM, ±HH) at pos: ms, or NaN when there is none. */
function readOffset(text: string, start: number, end: number): number {
  const p = skipBlanks(text, start, end);
  const c = text.charCodeAt(p);
  if (c === 90 || c === 122) {
    cursor.pos = p + 1;
    return 0;
  }
  if (c !== 43 && c !== 45) return Number.NaN;
  const hours = readDigits(text, p + 1, end, 2);
  if (hours < 0) return Number.NaN;
  let minutes = 0;
  if (text.charCodeAt(cursor.pos) === 58) minutes = readDigits(text, cursor.pos + 1, end, 2);
  else if (cursor.pos < end) minutes = readDigits(text, cursor.pos, end, 2);
  if (minutes < 0) minutes = 0;
  const offset = hours * HOUR_MS + minutes * MINUTE_MS;
  return c === 45 ? -offset : offset;
}

/**
 * A date and time separated by `T`, spaces or a non-breaking space, with an optional offset:
 * returns the wall-clock ms and leaves the offset (or NaN) in `cursor.offset`.
 */
export function readDateTime(text: string, start: number, end: number): number {
  const days = readDate(text, start, end);
  if (Number.isNaN(days)) return Number.NaN;
  let p = cursor.pos;
  if ((text.charCodeAt(p) | 32) === 116) p++;
  const time = readTime(text, p, end);
  if (Number.isNaN(time)) return Number.NaN;
  cursor.offset = readOffset(text, cursor.pos, end);
  if (Number.isNaN(cursor.offset) && !isBlankTail(text, cursor.pos, end)) {
    const q = skipBlanks(text, cursor.pos, end);
    if (text.startsWith('UTC', q) || text.startsWith('GMT', q)) {
      cursor.offset = 0;
      cursor.pos = q + 3;
    }
  }
  return days * DAY_MS + time;
}

function isBlankTail(text: string, pos: number, end: number): boolean {
  return skipBlanks(text, pos, end) >= end;
}

/** Whether text[pos..] starts with `word` after blanks (ASCII, case-insensitive). */
export function readWord(text: string, pos: number, end: number, word: string): boolean {
  const p = skipBlanks(text, pos, end);
  if (p + word.length > end) return false;
  for (let i = 0; i < word.length; i++) {
    if ((text.charCodeAt(p + i) | 32) !== word.charCodeAt(i)) return false;
  }
  cursor.pos = p + word.length;
  return true;
}
