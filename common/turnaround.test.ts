import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLANS } from './plans.ts';
import {
  CUSTOMER_TURNAROUND,
  CUSTOMER_TURNAROUND_HEADING,
  CUSTOMER_TURNAROUND_HOURS,
  PRIORITY_TURNAROUND,
  STANDARD_TURNAROUND,
  TURNAROUND_HOURS,
} from './turnaround.ts';

/**
 * One turnaround promise: every page, question and email that states one reads it from
 * turnaround.ts. This finds a turnaround written out with its own figure anywhere in the
 * application's code, and checks that the figures themselves agree.
 */

const ROOT = path.resolve(import.meta.dirname, '..');

/** Ways a turnaround is stated with a figure: a range of hours, "24-hour turnaround", "within 24 hours" after words of processing. */
const STATED = [
  /\b\d+\s*(?:-|–|to)\s*\d+\s*hours?\b/i,
  /\b\d+[- ]hours?\s+(?:turnaround|priority|processing|delivery)/i,
  /\b(?:process\w*|retriev\w*|deliver\w*|arrive\w*|turnaround|ready)\b[^.;\n]{0,60}?\b(?:in|within)\s+(?:<[^>]+>\s*)?\d+\s*hours?\b/i,
];

const statesTurnaround = (line: string) => STATED.some((pattern) => pattern.test(line));

/** The application's source: no tests (they assert what people read), no generated files. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', 'test', 'testing', 'migrations'].includes(entry.name)
        ? []
        : sourceFiles(full);
    }
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the turnaround promise', () => {
  it('is told to customers as the longest plan figure, which every plan keeps', () => {
    for (const hours of Object.values(TURNAROUND_HOURS)) {
      expect(CUSTOMER_TURNAROUND_HOURS).toBeGreaterThanOrEqual(hours);
    }
    expect(CUSTOMER_TURNAROUND_HOURS).toBe(TURNAROUND_HOURS.basic);
    expect(CUSTOMER_TURNAROUND).toBe(`within ${TURNAROUND_HOURS.basic} hours`);
    expect(CUSTOMER_TURNAROUND_HEADING).toContain(CUSTOMER_TURNAROUND);
  });

  it('is what each plan lists', () => {
    expect(PLANS.basic.features).toContain(STANDARD_TURNAROUND);
    expect(PLANS.basic.turnaround).toBe(STANDARD_TURNAROUND);
    expect(PLANS.premium.features).toContain(PRIORITY_TURNAROUND);
    expect(PLANS.premium.turnaround).toBe(PRIORITY_TURNAROUND);
    expect(STANDARD_TURNAROUND).toBe(`${TURNAROUND_HOURS.basic}-hour turnaround`);
    expect(PRIORITY_TURNAROUND).toBe(`${TURNAROUND_HOURS.premium}-hour priority processing`);
  });

  it('is recognised when written out with its own figure', () => {
    for (const line of [
      'Processing in 24-48 hours',
      'are retrieved within 24-48 hours and',
      "'24-hour turnaround',",
      '`the premium plan gets 12-hour priority processing.`',
      'Basic reports arrive within 24 hours;',
      'We process them within <strong>36 hours</strong>',
    ]) {
      expect(statesTurnaround(line), line).toBe(true);
    }
    for (const line of [
      'It renews within 24 hours.',
      'a link to set their password (valid 72 hours)',
      'two hours in one row, split evenly',
      'retrieved {CUSTOMER_TURNAROUND} and {ownerName} receives',
    ]) {
      expect(statesTurnaround(line), line).toBe(false);
    }
  });

  it('is written out nowhere but in turnaround.ts', () => {
    const files = ['client', 'common', 'server'].flatMap((dir) =>
      sourceFiles(path.join(ROOT, dir)),
    );
    expect(files.length).toBeGreaterThan(100);
    const own = path.join(ROOT, 'common', 'turnaround.ts');
    const stated = files
      .filter((file) => file !== own)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ at: `${path.relative(ROOT, file)}:${i + 1}`, line: line.trim() }))
          .filter(({ line }) => statesTurnaround(line)),
      );
    expect(stated).toEqual([]);
  });
});
