import { sql } from 'drizzle-orm';
import { ProviderInput } from '../../../common/providers.ts';
import type { Db } from '../../db/client.ts';
import { providers } from '../../db/schema.ts';
import { STARTER_PROVIDERS } from '../../db/seed-providers.ts';
import { createProvider } from './service.ts';

/** Adds the starter providers whose names are not taken yet; returns how many were added. */
export async function seedProviders(db: Db): Promise<number> {
  const existing = await db.select({ name: sql<string>`lower(${providers.name})` }).from(providers);
  const taken = new Set(existing.map((r) => r.name));
  let added = 0;
  for (const entry of STARTER_PROVIDERS) {
    if (taken.has(entry.name.toLowerCase())) continue;
    await createProvider(db, ProviderInput.parse(entry));
    added++;
  }
  return added;
}
