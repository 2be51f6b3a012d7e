// Which days each utility prices on its weekend schedules. URDB does not carry holidays, and the
// California utilities' lists are not the federal one (no Martin Luther King Day, Columbus Day or
// Juneteenth; a Saturday holiday is not moved to the Friday before), so each utility's list is a
// fact of the catalogue, with the source it was read from, like the plans' figures.

import raw from './catalogue/holidays.json' with { type: 'json' };
import {
  HOLIDAY_NAMES,
  type HolidayName,
  type HolidayRule,
  OBSERVANCES,
  type Observance,
} from './holidays.ts';

export interface UtilityHolidays {
  /** The utility's short name, as the catalogue's plans give it: `PG&E`. */
  utility: string;
  /** Other names of the utility: URDB's (`Pacific Gas & Electric Co`) and the usual long ones. */
  names: string[];
  rule: HolidayRule;
  /** Where the list was read: a URL or `github.com/owner/repo@commit:path`. */
  source: string;
  /** The utility's own words for the list, as the source gives them. */
  publishedSource: string;
  corroboratedBy: string[];
  /** `YYYY-MM-DD` we read the source. */
  seenAt: string;
  notes: string;
}

function readEntry(entry: Record<string, unknown>): UtilityHolidays {
  const utility = String(entry.utility ?? '');
  const fail = (what: string): never => {
    throw new Error(`Holiday catalogue ${utility || '(no utility)'}: ${what}`);
  };
  const texts = (key: string) => {
    const value = entry[key];
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
      return fail(`${key} must be a list of strings`);
    }
    return value as string[];
  };
  const text = (key: string) => {
    const value = entry[key];
    return typeof value === 'string' && value.trim() !== '' ? value : fail(`${key} is missing`);
  };
  const holidays = texts('holidays');
  const unknown = holidays.find((h) => !(HOLIDAY_NAMES as readonly string[]).includes(h));
  if (unknown) fail(`"${unknown}" is not a holiday the engine knows`);
  const observance = text('observance');
  if (!(OBSERVANCES as readonly string[]).includes(observance)) {
    fail(`observance "${observance}" is not one of ${OBSERVANCES.join(', ')}`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text('seenAt'))) fail('seenAt is not YYYY-MM-DD');
  return {
    utility: text('utility'),
    names: texts('names'),
    rule: { holidays: holidays as HolidayName[], observance: observance as Observance },
    source: text('source'),
    publishedSource: text('publishedSource'),
    corroboratedBy: texts('corroboratedBy'),
    seenAt: text('seenAt'),
    notes: text('notes'),
  };
}

/** Each catalogued utility's holidays, read afresh on each call so no caller can change another's. */
export function utilityHolidays(): UtilityHolidays[] {
  return (raw as Record<string, unknown>[]).map(readEntry);
}

const fold = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim();

/**
 * The holidays of the utility a name stands for: its short name (`SCE`), URDB's name for it, a
 * usual long name, or a provider name ending in the short name in brackets ("Pacific Gas and
 * Electric (PG&E)"); undefined for a utility the catalogue has no list for.
 */
export function holidaysOfUtility(name: string | null | undefined): UtilityHolidays | undefined {
  if (!name?.trim()) return undefined;
  const wanted = fold(name);
  return utilityHolidays().find(
    (u) =>
      fold(u.utility) === wanted ||
      u.names.some((n) => fold(n) === wanted) ||
      wanted.endsWith(` ${fold(u.utility)}`),
  );
}
