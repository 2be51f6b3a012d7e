import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { connections, tariffs } from '../../db/schema.ts';
import { type CanonicalSeries, localDateOf, SLOT_MS } from '../../lib/intervals/index.ts';
import { zoneClock } from '../../lib/intervals/time/zone-clock.ts';
import type { ReportBill, ReportRatePlans } from '../../lib/report/index.ts';
import { parseUrdb, rankTariffs, type UrdbRate } from '../../lib/tariffs/index.ts';
import { reconciliationOf } from './reconciliation.ts';

/** A provider's tariff as the report prices it. */
export interface StoredTariff {
  name: string;
  startDate: string | null;
  source: string | null;
  urdb: unknown;
}

/** The tariffs of the connection's provider, by name, for the report's rate plans. */
export function tariffsOfConnection(db: Db, connectionId: number): Promise<StoredTariff[]> {
  return db
    .select({
      name: tariffs.name,
      startDate: tariffs.startDate,
      source: tariffs.source,
      urdb: tariffs.urdb,
    })
    .from(tariffs)
    .innerJoin(connections, eq(connections.providerId, tariffs.providerId))
    .where(eq(connections.id, connectionId))
    .orderBy(asc(tariffs.name), asc(tariffs.id));
}

/** A rate schedule's code as bills and tariff names print it, without case or punctuation. */
const code = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');
const words = (name: string) => name.split(/[\s,()]+/).filter(Boolean);

/**
 * The tariff a statement's rate schedule names: the first whose name starts with the schedule
 * ("E-TOU-C" is "E-TOU-C Residential Time of Use, ..."), else the first with it as a word of
 * its name ("D" in "Domestic Service D"); undefined when none.
 */
export function matchSchedule(schedule: string, names: readonly string[]): number | undefined {
  const wanted = code(schedule);
  if (!wanted) return undefined;
  const first = names.findIndex((n) => code(words(n)[0] ?? '') === wanted);
  if (first >= 0) return first;
  const any = names.findIndex((n) => words(n).some((w) => code(w) === wanted));
  return any >= 0 ? any : undefined;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` plus days. */
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The day after the same date a year before (2025-01-31: 2024-02-01), end of month kept. */
function yearBefore(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  const day = new Date(Date.UTC(y - 1, m - 1, Math.min(d, lastOfMonth))).toISOString().slice(0, 10);
  return addDays(day, 1);
}

/**
 * The series from the first local day of its last 12 months (all of it when shorter), the
 * arrays shared, not copied.
 */
export function lastTwelveMonths(series: CanonicalSeries): CanonicalSeries {
  const lastDate = localDateOf(series.start + series.length * SLOT_MS - 1, series.timeZone);
  const from = zoneClock(series.timeZone).resolve(Date.parse(`${yearBefore(lastDate)}T00:00:00Z`));
  const skip = Math.max(0, Math.ceil((from - series.start) / SLOT_MS));
  if (skip === 0 || skip >= series.length) return series;
  return {
    ...series,
    start: series.start + skip * SLOT_MS,
    length: series.length - skip,
    delivered: series.delivered.subarray(skip),
    received: series.received.subarray(skip),
    cost: series.cost.subarray(skip),
    quality: series.quality.subarray(skip),
    split: series.split.subarray(skip),
  };
}

/**
 * The provider's plans priced by the tariff engine on the last 12 months of interval data and
 * ranked by annual cost, the plan the newest statement's rate schedule names marked current
 * and every other compared with it, and that statement's bill reproduced under it for its own
 * billing period against its charges; null without interval data or without plans to price.
 */
export function ratePlansOf(
  intervals: { series: CanonicalSeries } | null,
  bills: readonly ReportBill[],
  stored: readonly StoredTariff[],
): ReportRatePlans | null {
  if (!intervals || intervals.series.length === 0 || stored.length === 0) return null;
  const notes: string[] = [];
  const priceable: Array<{ tariff: StoredTariff; rate: UrdbRate }> = [];
  for (const tariff of stored) {
    try {
      const [rate] = parseUrdb(tariff.urdb);
      if (rate) priceable.push({ tariff, rate });
      else notes.push(`The rate plan ${tariff.name} holds no rate and was not priced.`);
    } catch {
      // Stored when it passed; the engine's checks may have grown stricter since.
      notes.push(
        `The rate plan ${tariff.name} no longer passes the tariff checks and was not priced.`,
      );
    }
  }
  if (priceable.length === 0) return null;
  const named = bills.find((b) => b.rateSchedule?.trim());
  const rateSchedule = named?.rateSchedule?.trim() ?? null;
  const current = rateSchedule
    ? matchSchedule(
        rateSchedule,
        priceable.map((p) => p.tariff.name),
      )
    : undefined;
  const series = lastTwelveMonths(intervals.series);
  const ranked = rankTariffs(
    series,
    priceable.map((p) => p.rate),
    current === undefined ? {} : { current },
  );
  const currentPlan = current === undefined ? undefined : priceable[current];
  const reconciliation =
    named && currentPlan
      ? reconciliationOf(intervals.series, named, { ...currentPlan.tariff, rate: currentPlan.rate })
      : null;
  const first = ranked[0]?.bill.bills[0];
  const last = ranked[0]?.bill.bills.at(-1);
  return {
    rateSchedule,
    statementDate: named?.statementDate ?? null,
    periodStart: first?.start ?? localDateOf(series.start, series.timeZone),
    periodEnd:
      last?.end ?? localDateOf(series.start + series.length * SLOT_MS - 1, series.timeZone),
    days: ranked[0]?.bill.days ?? 0,
    plans: ranked.map((r) => {
      const { tariff } = priceable[r.index] as (typeof priceable)[number];
      return {
        name: tariff.name,
        effectiveDate: tariff.startDate,
        source: tariff.source,
        current: r.index === current,
        rank: r.rank,
        totalCents: r.bill.totals.totalCents,
        annualCents: r.annualCents,
        differenceCents: r.differenceCents ?? null,
        months: r.bill.bills.map((b) => ({
          start: b.start,
          end: b.end,
          days: b.days,
          partial: b.partial,
          totalCents: b.totalCents,
        })),
        notes: r.bill.notes,
      };
    }),
    notes,
    reconciliation,
  };
}
