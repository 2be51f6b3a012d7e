import { badRequest } from '../../lib/errors.ts';
import { parseUrdb, TariffValidationError, type UrdbRate } from '../../lib/tariffs/index.ts';

/** At most this many of the validator's messages go into one answer; the rest are counted. */
const MESSAGES_SHOWN = 5;

/**
 * The rates of a request's `urdb` field, checked by the tariff engine, or a 400 whose message
 * names each field as the request holds it (`urdb.items[1].energyweekdayschedule[3]: ...`).
 */
export function readUrdb(urdb: unknown, field = 'urdb'): UrdbRate[] {
  // PostgreSQL's jsonb refuses the NUL escape wherever it is nested; say so instead of failing.
  if (JSON.stringify(urdb).includes('\\u0000')) {
    throw badRequest(`${field} must not contain control characters`);
  }
  let rates: UrdbRate[];
  try {
    rates = parseUrdb(urdb);
  } catch (error) {
    if (!(error instanceof TariffValidationError)) throw error;
    throw badRequest(validationMessage(error.issues, field));
  }
  if (rates.length === 0) throw badRequest(`${field}.items is empty: there is no tariff in it`);
  return rates;
}

/** The validator's messages behind `field.`, the first few in full and the rest counted. */
export function validationMessage(issues: readonly string[], field = 'urdb'): string {
  const shown = issues.slice(0, MESSAGES_SHOWN).map((issue) => `${field}.${issue}`);
  const more = issues.length - shown.length;
  return more > 0 ? `${shown.join('; ')}; and ${more} more` : shown.join('; ');
}

/** The facts a tariff's row copies out of its rate object. */
export interface TariffFacts {
  name: string;
  utility: string;
  sector: string | null;
  startDate: string | null;
  endDate: string | null;
  label: string | null;
}

/**
 * Reads each rate's name, utility, sector and dates; `where` names the rate in messages
 * (`urdb` or `urdb.items[2]`). A rate without a name cannot be picked from a list, so it is
 * refused; one without a utility takes the provider's name.
 */
export function tariffFacts(rate: UrdbRate, where: string, providerName: string): TariffFacts {
  const name = rate.name?.trim();
  if (!name) throw badRequest(`${where}.name is missing: a tariff needs a name to be chosen by`);
  return {
    name,
    utility: rate.utility?.trim() || providerName,
    sector: rate.sector?.trim() || null,
    startDate: urdbDate(rate.startdate, `${where}.startdate`),
    endDate: urdbDate(rate.enddate, `${where}.enddate`),
    label: rate.label?.trim() || null,
  };
}

/** The calendar PostgreSQL's date column and the rest of the API share. */
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '2199-12-31';

/**
 * URDB gives dates as Unix seconds (the rate API) or as text; the day is taken in UTC, as URDB
 * writes midnight UTC of the day the tariff starts.
 */
function urdbDate(value: number | string | null | undefined, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  let ms: number;
  if (typeof value === 'number') ms = value * 1000;
  else if (/^\d+$/.test(value.trim())) ms = Number(value.trim()) * 1000;
  else ms = Date.parse(value);
  const day = Number.isFinite(ms) ? new Date(ms) : undefined;
  const iso = day && !Number.isNaN(day.getTime()) ? day.toISOString().slice(0, 10) : undefined;
  if (!iso || iso < FIRST_DAY || iso > LAST_DAY) {
    throw badRequest(
      `${field} ${JSON.stringify(value)} is not a date: Unix seconds or YYYY-MM-DD between ${FIRST_DAY} and ${LAST_DAY}`,
    );
  }
  return iso;
}
