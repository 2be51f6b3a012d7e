import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, providers, tariffs } from '../../db/schema.ts';
import { STARTER_PROVIDERS } from '../../db/seed-providers.ts';
import { recordAudit } from '../../lib/audit.ts';
import { type CatalogueTariff, californiaTariffs } from '../../lib/tariffs/catalogue.ts';
import { tariffFacts } from './import.ts';

/** The audit line that says the catalogue's plans were added (so they are added once). */
const CATALOGUE_TARIFFS_ADDED = 'tariffs.catalogue_added';

/** Any constant shared by this service's processes: the key of the catalogue's lock. */
const CATALOGUE_LOCK = 7_310_428_119;

/**
 * The starter provider a catalogue utility belongs to: the starter list names each California
 * utility with its short name in brackets ("Pacific Gas and Electric (PG&E)").
 */
function starterNameOf(utility: CatalogueTariff['utility']): string | undefined {
  return STARTER_PROVIDERS.find((p) => p.name.endsWith(`(${utility})`))?.name;
}

/** Where an imported plan's figures come from, as the tariff's `source` keeps it. */
export function catalogueSource(entry: CatalogueTariff): string {
  return `${entry.publishedSource}; figures copied from ${entry.source}, read ${entry.seenAt}`;
}

/**
 * Adds the shipped California plans to the tariffs of the starter providers they belong to
 * (matched by the starter list's name), once: an audit line records it, so plans an admin
 * deleted do not come back after a restart, and no provider is ever created here (one an admin
 * deleted stays deleted). While none of those providers exists nothing is recorded, so the plans
 * follow when one is added later. A plan the provider already has by name is not added twice.
 * Returns how many tariffs were added.
 */
export function addCatalogueTariffsOnFirstStart(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    // Processes starting together on one database take turns, so the plans are added once.
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK})`);
    const [done] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.action, CATALOGUE_TARIFFS_ADDED))
      .limit(1);
    if (done) return 0;
    const rows = await tx
      .select({ id: providers.id, name: providers.name })
      .from(providers)
      .orderBy(asc(providers.id));
    const providerOf = (entry: CatalogueTariff) => {
      const starter = starterNameOf(entry.utility)?.toLowerCase();
      return starter ? rows.find((r) => r.name.toLowerCase() === starter) : undefined;
    };
    const matched = californiaTariffs().flatMap((entry) => {
      const provider = providerOf(entry);
      return provider ? [{ entry, provider }] : [];
    });
    if (matched.length === 0) return 0;
    let added = 0;
    for (const { entry, provider } of matched) {
      if (await addPlan(tx, entry, provider)) added++;
    }
    await recordAudit(tx, {
      actorId: null,
      action: CATALOGUE_TARIFFS_ADDED,
      entityType: 'tariff',
      entityId: 'california_catalogue',
      details: {
        added,
        providers: [...new Set(matched.map((m) => m.provider.name))],
        by: 'first start',
      },
    });
    return added;
  });
}

async function addPlan(
  tx: Tx,
  entry: CatalogueTariff,
  provider: { id: number; name: string },
): Promise<boolean> {
  const { label: _label, ...facts } = tariffFacts(entry.urdb, entry.id, provider.name);
  const [existing] = await tx
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(and(eq(tariffs.providerId, provider.id), eq(tariffs.name, facts.name)))
    .limit(1);
  if (existing) return false;
  await tx.insert(tariffs).values({
    providerId: provider.id,
    ...facts,
    startDate: entry.effectiveDate,
    source: catalogueSource(entry),
    urdb: entry.urdb,
  });
  return true;
}
