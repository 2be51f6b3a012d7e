import { zoneClock } from './zone-clock.ts';

// A state's zone is the one most of its customers live in: states split between zones (TX, FL,
// KY, TN, MI, IN, ND, SD, NE, KS, ID, OR) take their most populous side. Arizona keeps standard
// time all year (Phoenix), Hawaii has no DST, Alaska has its own zone.
const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  PR: 'America/Puerto_Rico',
  GU: 'Pacific/Guam',
  VI: 'America/St_Thomas',
  AS: 'Pacific/Pago_Pago',
  MP: 'Pacific/Saipan',
};

const STATE_NAMES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  'puerto rico': 'PR',
  guam: 'GU',
  'us virgin islands': 'VI',
  'american samoa': 'AS',
  'northern mariana islands': 'MP',
};

/** IANA zone of a US state name or postal abbreviation, or undefined when unknown. */
export function zoneOfState(state: string): string | undefined {
  const key = state.trim().replace(/\./g, '').replace(/\s+/g, ' ').toLowerCase();
  const code = key.length === 2 ? key.toUpperCase() : STATE_NAMES[key];
  return code ? STATE_ZONES[code] : undefined;
}

/**
 * Zones tried, in this order, when a file gives only offsets: North America's first (most files),
 * then those of the other countries whose utilities the service reads. The provider's own zone,
 * when known, is tried before all of them (Dublin and London share their offsets).
 */
const CANDIDATES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Halifax',
  'America/St_Johns',
  'America/Puerto_Rico',
  'Europe/London',
  'Australia/Sydney',
  'Australia/Brisbane',
  'Australia/Adelaide',
  'Australia/Perth',
  'Pacific/Auckland',
];

function candidates(preferred: string | undefined): string[] {
  if (!preferred) return CANDIDATES;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: preferred });
  } catch {
    return CANDIDATES;
  }
  return [preferred, ...CANDIDATES.filter((zone) => zone !== preferred)];
}

/**
 * The zone of an ESPI LocalTimeParameters (standard offset and whether DST applies). ESPI's rules
 * are fixed offsets plus yearly rules; utilities that use them follow the North American ones,
 * so the zone with that standard offset and DST behaviour is the file's zone.
 */
export function zoneOfStandardOffset(
  tzOffsetSeconds: number,
  observesDst: boolean,
  preferred?: string,
): string | undefined {
  const january = Date.UTC(2023, 0, 15);
  const july = Date.UTC(2023, 6, 15);
  return candidates(preferred).find((zone) => {
    const clock = zoneClock(zone);
    const jan = clock.offsetAt(january);
    const jul = clock.offsetAt(july);
    // The standard offset is the smaller one, in either hemisphere.
    return Math.min(jan, jul) === tzOffsetSeconds * 1000 && (jan !== jul) === observesDst;
  });
}

/** The first candidate zone whose offset matches every (UTC instant, offset ms) sample. */
export function zoneMatchingOffsets(
  samples: ReadonlyArray<readonly [number, number]>,
  preferred?: string,
): string | undefined {
  if (samples.length === 0) return undefined;
  return candidates(preferred).find((zone) => {
    const clock = zoneClock(zone);
    return samples.every(([utc, offset]) => clock.offsetAt(utc) === offset);
  });
}
