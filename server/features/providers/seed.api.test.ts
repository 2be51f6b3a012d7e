import { afterAll, beforeAll, expect, it } from 'vitest';
import { US_STATES } from '../../../common/states.ts';
import type { Database } from '../../db/client.ts';
import { STARTER_PROVIDERS } from '../../db/seed-providers.ts';
import { openTestDatabase } from '../../test/database.ts';
import { seedProviders } from './seed.ts';
import { listProviders } from './service.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('adds the starter catalogue once, each with a state and https portal', async () => {
  expect(await seedProviders(database.db)).toBe(STARTER_PROVIDERS.length);
  expect(await seedProviders(database.db)).toBe(0);
  const rows = await listProviders(database.db, { activeOnly: true });
  expect(rows).toHaveLength(STARTER_PROVIDERS.length);
  for (const row of rows) {
    expect(US_STATES).toContain(row.state);
    expect(row.url).toMatch(/^https:\/\//);
    expect(row.loginUrl).toMatch(/^https:\/\//);
  }
  expect(rows.map((r) => r.name)).toContain('Pacific Gas and Electric (PG&E)');
});
