import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { US_STATES } from '../../../common/states.ts';
import type { Database } from '../../db/client.ts';
import { STARTER_PROVIDERS } from '../../db/seed-providers.ts';
import { openTestDatabase } from '../../test/database.ts';
import { ProvidersService } from './service.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('adds the starter catalogue once, each active with a state and https portal', async () => {
  const providers = new ProvidersService({ db: database.db });
  expect(await providers.addStarterCatalogue()).toBe(STARTER_PROVIDERS.length);
  expect(await providers.addStarterCatalogue()).toBe(0);
  const rows = await providers.list({ admin: true });
  expect(rows).toHaveLength(STARTER_PROVIDERS.length);
  for (const row of rows) {
    expect(row.isActive).toBe(true);
    expect(US_STATES).toContain(row.state);
    expect(row.url).toMatch(/^https:\/\//);
    expect(row.loginUrl).toMatch(/^https:\/\//);
  }
  expect(rows.map((r) => r.name)).toContain('Pacific Gas and Electric (PG&E)');
});

describe('on first start', () => {
  it('adds the starter catalogue to a database without providers, once, and never again after the admin deleted them', async () => {
    const fresh = await openTestDatabase();
    try {
      const providers = new ProvidersService({ db: fresh.db });
      expect(await providers.addStarterCatalogueOnFirstStart()).toBe(STARTER_PROVIDERS.length);
      expect(await providers.addStarterCatalogueOnFirstStart()).toBe(0);
      expect(await providers.list({ admin: false })).toHaveLength(STARTER_PROVIDERS.length);
      // An admin who removes every one of them keeps an empty list across restarts.
      for (const row of await providers.list({ admin: true })) await providers.delete(row.id);
      expect(await providers.addStarterCatalogueOnFirstStart()).toBe(0);
      expect(await providers.list({ admin: true })).toEqual([]);
      // The seed script still puts them back when asked.
      expect(await providers.addStarterCatalogue()).toBe(STARTER_PROVIDERS.length);
    } finally {
      await fresh.close();
    }
  });

  it('leaves a database that already has providers as it is', async () => {
    const fresh = await openTestDatabase();
    try {
      const providers = new ProvidersService({ db: fresh.db });
      await providers.create({ name: 'Own Utility', country: 'US', state: 'Ohio' });
      expect(await providers.addStarterCatalogueOnFirstStart()).toBe(0);
      expect((await providers.list({ admin: true })).map((p) => p.name)).toEqual(['Own Utility']);
    } finally {
      await fresh.close();
    }
  });
});
