import { afterAll, beforeAll, expect, it } from 'vitest';
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
