import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { providers, tariffs } from '../../db/schema.ts';
import { californiaTariffs } from '../../lib/tariffs/catalogue.ts';
import { withStarterProviders } from '../../start.ts';
import { openTestDatabase } from '../../test/database.ts';
import { ProvidersService } from '../providers/service.ts';
import { addCatalogueTariffsOnFirstStart } from './catalogue-seed.ts';

// A new install gets the California utilities' published plans on the starter providers, once:
// restarts add nothing, plans and providers an admin deleted stay deleted.

const PGE = 'Pacific Gas and Electric (PG&E)';
const SCE = 'Southern California Edison (SCE)';
const SDGE = 'San Diego Gas & Electric (SDG&E)';
const catalogue = californiaTariffs();
const countOf = (utility: string) => catalogue.filter((c) => c.utility === utility).length;

async function plansByProvider(database: Database) {
  const rows = await database.db
    .select({
      provider: providers.name,
      name: tariffs.name,
      startDate: tariffs.startDate,
      source: tariffs.source,
    })
    .from(tariffs)
    .innerJoin(providers, eq(providers.id, tariffs.providerId))
    .orderBy(asc(tariffs.id));
  const by = new Map<string, typeof rows>();
  for (const row of rows) by.set(row.provider, [...(by.get(row.provider) ?? []), row]);
  return by;
}

/** What a start of the app does with the database, with the starter catalogue on. */
async function start(database: Database) {
  const started = withStarterProviders(database, { seedProviders: true } as Config);
  await started.ready;
}

async function withFreshDatabase(test: (database: Database) => Promise<void>) {
  const database = await openTestDatabase();
  try {
    await test(database);
  } finally {
    await database.close();
  }
}

describe('the California plans on first start', () => {
  it('are added to PG&E, SCE and SDG&E with their effective date and source, once across restarts', () =>
    withFreshDatabase(async (database) => {
      await start(database);
      const by = await plansByProvider(database);
      expect([...by.keys()].sort()).toEqual([PGE, SCE, SDGE].sort());
      expect(by.get(PGE)).toHaveLength(countOf('PG&E'));
      expect(by.get(SCE)).toHaveLength(countOf('SCE'));
      expect(by.get(SDGE)).toHaveLength(countOf('SDG&E'));
      const touC = by.get(PGE)?.find((r) => r.name.startsWith('E-TOU-C'));
      const entry = catalogue.find((c) => c.id === 'pge-e-tou-c');
      expect(touC?.startDate).toBe(entry?.effectiveDate);
      expect(touC?.source).toContain(entry?.publishedSource);
      expect(touC?.source).toContain(entry?.source);

      await start(database);
      expect(await addCatalogueTariffsOnFirstStart(database.db)).toBe(0);
      const again = await plansByProvider(database);
      expect([...again.values()].flat()).toHaveLength(catalogue.length);
    }));

  it('do not come back after an admin deleted them, nor bring back a deleted provider', () =>
    withFreshDatabase(async (database) => {
      await start(database);
      const service = new ProvidersService({ db: database.db });
      const listed = await service.list({ admin: true });
      const pge = listed.find((p) => p.name === PGE);
      const sce = listed.find((p) => p.name === SCE);
      if (!pge || !sce) throw new Error('PG&E and SCE were not seeded');
      await database.db.delete(tariffs).where(eq(tariffs.providerId, sce.id));
      await service.delete(pge.id);
      await start(database);
      const by = await plansByProvider(database);
      expect(by.has(PGE)).toBe(false);
      expect((await service.list({ admin: true })).some((p) => p.name === PGE)).toBe(false);
      expect(by.get(SCE) ?? []).toHaveLength(0);
      expect(by.get(SDGE)).toHaveLength(countOf('SDG&E'));
    }));

  it('are added to an install whose providers came before the plans, next to a plan imported by hand', () =>
    withFreshDatabase(async (database) => {
      const service = new ProvidersService({ db: database.db });
      await service.addStarterCatalogueOnFirstStart();
      const pge = (await service.list({ admin: true })).find((p) => p.name === PGE);
      if (!pge) throw new Error('PG&E was not seeded');
      const touC = catalogue.find((c) => c.id === 'pge-e-tou-c');
      await database.db.insert(tariffs).values({
        providerId: pge.id,
        name: touC?.urdb.name ?? '',
        utility: 'PG&E',
        urdb: touC?.urdb ?? {},
      });
      expect(await addCatalogueTariffsOnFirstStart(database.db)).toBe(catalogue.length - 1);
      expect(await addCatalogueTariffsOnFirstStart(database.db)).toBe(0);
      expect((await plansByProvider(database)).get(PGE)).toHaveLength(countOf('PG&E'));
    }));

  it('wait for their providers: nothing is recorded while none of them exists', () =>
    withFreshDatabase(async (database) => {
      expect(await addCatalogueTariffsOnFirstStart(database.db)).toBe(0);
      await new ProvidersService({ db: database.db }).addStarterCatalogue();
      expect(await addCatalogueTariffsOnFirstStart(database.db)).toBe(catalogue.length);
    }));
});
