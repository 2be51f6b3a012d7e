import { type CanonicalSeries, SLOT_MS, slotCalendar } from '../../../lib/intervals/index.ts';

// A year of 15-minute meter data for an invented single-family home in California's Central
// Valley with rooftop solar: hot summers (air conditioning), cool winters (a heat pump), people
// at work on weekdays and at home on weekends, panels that export at midday and a house that
// imports in the evening. Every number comes from a seeded generator, so the sample report is the
// same, byte for byte, on every server and every run.

/** Local midnight of 2024-09-01 to local midnight of 2025-09-01 in Los Angeles (PDT, UTC-7). */
const SAMPLE_START = Date.parse('2024-09-01T07:00:00Z');
const SAMPLE_END = Date.parse('2025-09-01T07:00:00Z');
const SAMPLE_TIME_ZONE = 'America/Los_Angeles';

/** The panels: 6 kW DC, tilted 20° facing south, at Fresno's latitude. */
const SOLAR_KW_DC = 6;
const LATITUDE = (36.8 * Math.PI) / 180;
const TILT = (20 * Math.PI) / 180;
/** Inverter, wiring and soiling losses. */
const SYSTEM_EFFICIENCY = 0.84;

/**
 * A time-of-use rate with peak hours 4-9 p.m. every day (PG&E's E-TOU-C as of 2025, rounded),
 * $/kWh; exported energy is credited at the same rate less the non-bypassable charges (NEM2).
 */
const RATES = {
  summer: { peak: 0.62, offPeak: 0.51 },
  winter: { peak: 0.49, offPeak: 0.46 },
};
const NON_BYPASSABLE = 0.03;
export const SAMPLE_RATE_SCHEDULE = 'E-TOU-C (NEM2)';

/** mulberry32: a small, well-mixed 32-bit generator; the same seed gives the same stream. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One day's weather and household plans, drawn once per day. */
interface Day {
  weekend: boolean;
  /** Mean temperature, °C, and half the day's swing. */
  meanC: number;
  swingC: number;
  /** Share of clear-sky sunshine reaching the panels (fog, rain, haze). */
  sun: number;
  /** Hour a 2.8 kW dryer starts, when there is laundry. */
  dryerAt?: number;
  /** Hour a 1.2 kW dishwasher starts. */
  dishwasherAt?: number;
  /** Whether the 2.4 kW oven is on for dinner. */
  oven: boolean;
}

const gaussian = (hour: number, center: number, width: number) =>
  Math.exp(-0.5 * ((hour - center) / width) ** 2);

/** Day of the year, 0-365, of a local day number (days since 1970-01-01). */
function dayOfYear(localDay: number): number {
  const date = new Date(localDay * 86_400_000);
  return (localDay * 86_400_000 - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000;
}

function drawDay(random: () => number, weekday: number, doy: number, anomalyC: number): Day {
  const season = Math.cos((2 * Math.PI * (doy - 200)) / 365); // 1 in late July, -1 in January
  const weekend = weekday === 0 || weekday === 6;
  const month = new Date(Date.UTC(2025, 0, 1 + doy)).getUTCMonth();
  const foggy = month === 11 || month === 0 || month === 1 || month === 10;
  const cloudChance = foggy ? 0.35 : season > 0.5 ? 0.03 : 0.15;
  const sun =
    random() < cloudChance
      ? foggy
        ? 0.15 + 0.45 * random()
        : 0.4 + 0.4 * random()
      : 0.92 + 0.08 * random();
  const laundry = random() < (weekend ? 0.6 : 0.25);
  const dishes = random() < 0.65;
  return {
    weekend,
    meanC: 17.5 + 11.5 * season + anomalyC,
    swingC: 7 + 2 * season,
    sun,
    dryerAt: laundry
      ? weekend
        ? 10 + Math.floor(random() * 5)
        : 19 + Math.floor(random() * 3)
      : undefined,
    dishwasherAt: dishes ? 20.5 + random() * 1.5 : undefined,
    oven: random() < (weekend ? 0.5 : 0.35),
  };
}

/** The household's demand, kW, at a local hour (fractional) of a day. */
function loadKw(day: Day, hour: number, random: () => number): number {
  const temperature = (h: number) =>
    day.meanC + day.swingC * Math.cos((2 * Math.PI * (h - 15.5)) / 24);
  // The house lags the air by an hour and a half.
  const insideDriver = temperature(hour - 1.5);
  const away = !day.weekend && hour >= 8.5 && hour < 16.5;
  const asleep = hour < 5.5 || hour >= 23;
  let kW = 0.3 + 0.06 * random(); // refrigerator, network, standby
  if (day.weekend) {
    kW += 1.0 * gaussian(hour, 9.5, 1.3) + 0.55 * gaussian(hour, 13, 2.5);
    kW += 1.6 * gaussian(hour, 18.8, 1.7);
  } else {
    kW += 0.95 * gaussian(hour, 6.9, 0.7) + 0.15 * gaussian(hour, 12.5, 3);
    kW += 1.5 * gaussian(hour, 19.2, 1.5);
  }
  // Longer evenings in winter: more lighting.
  const darkness = Math.max(0, -(day.meanC - 17.5) / 11.5);
  kW += 0.35 * darkness * gaussian(hour, 18.5, 1.5);
  // Air conditioning above 25 °C, set back while nobody is home.
  if (insideDriver > 25) kW += Math.min(3.4, 0.28 * (insideDriver - 25)) * (away ? 0.45 : 1);
  // The heat pump below 14 °C, turned down at night.
  if (insideDriver < 14) kW += Math.min(2.4, 0.13 * (14 - insideDriver)) * (asleep ? 0.5 : 1);
  if (day.dryerAt !== undefined && hour >= day.dryerAt && hour < day.dryerAt + 1) kW += 2.8;
  if (day.dishwasherAt !== undefined && hour >= day.dishwasherAt && hour < day.dishwasherAt + 1)
    kW += 1.2;
  if (day.oven && hour >= 17.5 && hour < 18.5) kW += 2.4;
  return kW * (0.93 + 0.14 * random());
}

/** The panels' output, kW AC, at a local standard-time hour of a day of the year. */
function solarKw(day: Day, doy: number, standardHour: number, random: () => number): number {
  const declination = ((23.44 * Math.PI) / 180) * Math.sin((2 * Math.PI * (284 + doy)) / 365);
  // Fresno is 0.2° east of the Pacific standard meridian: solar noon is close to 12:00 PST.
  const hourAngle = ((standardHour - 12) * 15 * Math.PI) / 180;
  const sinElevation =
    Math.sin(LATITUDE) * Math.sin(declination) +
    Math.cos(LATITUDE) * Math.cos(declination) * Math.cos(hourAngle);
  if (sinElevation <= 0.02) return 0;
  // Sunlight on a south-facing panel tilted toward the equator.
  const incidence =
    Math.sin(declination) * Math.sin(LATITUDE - TILT) +
    Math.cos(declination) * Math.cos(LATITUDE - TILT) * Math.cos(hourAngle);
  if (incidence <= 0) return 0;
  const airMass = 1 / sinElevation;
  const irradiance = 1.1 * 0.7 ** (airMass ** 0.678); // kW/m², direct and diffuse
  const passingClouds = day.sun < 0.9 ? 0.7 + 0.3 * random() : 1;
  // Hot panels lose about 0.4 % per °C above 25.
  const hot = Math.max(0, day.meanC + 12 - 25);
  const kW =
    SOLAR_KW_DC *
    irradiance *
    incidence *
    SYSTEM_EFFICIENCY *
    day.sun *
    passingClouds *
    (1 - 0.004 * hot);
  return Math.max(0, kW);
}

function rateAt(month: number, hour: number): { delivered: number; received: number } {
  const season = month >= 6 && month <= 9 ? RATES.summer : RATES.winter;
  const rate = hour >= 16 && hour < 21 ? season.peak : season.offPeak;
  return { delivered: rate, received: rate - NON_BYPASSABLE };
}

/** Energy as meters report it: to the watt-hour. */
const toWh = (kWh: number) => Math.round(kWh * 1000) / 1000;
/** Cost as Green Button writes it: to the hundred-thousandth of a dollar. */
const toCostUnit = (dollars: number) => Math.round(dollars * 100_000) / 100_000;

/**
 * The sample home's year on the canonical 15-minute grid: kWh delivered from the grid and
 * received from the panels, and the cost of each slot under the time-of-use rate (exports
 * credited, so a sunny midday slot costs less than nothing).
 */
export function sampleHouseholdSeries(seed = 20240901): CanonicalSeries {
  const length = (SAMPLE_END - SAMPLE_START) / SLOT_MS;
  const series: CanonicalSeries = {
    timeZone: SAMPLE_TIME_ZONE,
    start: SAMPLE_START,
    length,
    delivered: new Float64Array(length),
    received: new Float64Array(length),
    cost: new Float64Array(length),
    quality: new Uint8Array(length),
    split: new Uint8Array(length),
    hasReceived: true,
    hasCost: true,
    sourceIntervalSeconds: SLOT_MS / 1000,
  };
  const calendar = slotCalendar(series);
  const random = prng(seed);
  let anomalyC = 0;
  let today: Day | undefined;
  let currentDay = Number.NaN;
  for (let i = 0; i < length; i++) {
    const localDay = calendar.day[i] as number;
    const doy = dayOfYear(localDay);
    if (localDay !== currentDay) {
      // Warm and cool spells last several days.
      anomalyC = 0.8 * anomalyC + 1.3 * (random() * 2 - 1);
      today = drawDay(random, calendar.weekday[i] as number, doy, anomalyC);
      currentDay = localDay;
    }
    const day = today as Day;
    const utc = SAMPLE_START + i * SLOT_MS;
    const offsetHours = (calendar.offsetMinutes[i] as number) / 60;
    // The middle of the slot, in local clock hours and in standard time for the sun.
    const middle = (utc + SLOT_MS / 2) / 3_600_000;
    const localHour = (((middle + offsetHours) % 24) + 24) % 24;
    const standardHour = (((middle - 8) % 24) + 24) % 24;
    const load = loadKw(day, localHour, random);
    const solar = solarKw(day, doy, standardHour, random);
    const delivered = toWh(Math.max(0, load - solar) / 4);
    const received = toWh(Math.max(0, solar - load) / 4);
    const rate = rateAt(calendar.month[i] as number, calendar.hour[i] as number);
    series.delivered[i] = delivered;
    series.received[i] = received;
    series.cost[i] = toCostUnit(delivered * rate.delivered - received * rate.received);
  }
  return series;
}
