import { asc, count, eq } from 'drizzle-orm';
import type {
  Provider,
  ProviderInput,
  ProviderUpdate,
  PublicProvider,
} from '../../../common/providers.ts';
import type { Db, Executor } from '../../db/client.ts';
import { connections, providers } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';

type ProviderRow = typeof providers.$inferSelect;

export function toPublicProvider(row: ProviderRow): PublicProvider {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    url: row.url,
    imageUrl: row.imageUrl,
    isActive: row.isActive,
  };
}

export function toProvider(row: ProviderRow): Provider {
  return {
    ...toPublicProvider(row),
    loginUrl: row.loginUrl,
    usernameSelector: row.usernameSelector,
    passwordSelector: row.passwordSelector,
    submitSelector: row.submitSelector,
    billsPage: row.billsPage,
    usagePage: row.usagePage,
    exportControl: row.exportControl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listProviders(db: Db, options: { activeOnly: boolean }) {
  const query = db.select().from(providers).orderBy(asc(providers.name), asc(providers.id));
  return options.activeOnly ? query.where(eq(providers.isActive, true)) : query;
}

export async function getProvider(db: Executor, id: number): Promise<ProviderRow> {
  const [row] = await db.select().from(providers).where(eq(providers.id, id)).limit(1);
  if (!row) throw notFound('Provider not found');
  return row;
}

export async function createProvider(db: Db, input: ProviderInput): Promise<ProviderRow> {
  const [row] = await db
    .insert(providers)
    .values({
      name: input.name,
      state: input.state,
      url: input.url ?? null,
      loginUrl: input.loginUrl ?? null,
      imageUrl: input.imageUrl ?? null,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Fields left out of the body keep their value; null clears them. */
export async function updateProvider(
  db: Db,
  id: number,
  input: ProviderUpdate,
): Promise<ProviderRow> {
  const [row] = await db
    .update(providers)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(providers.id, id))
    .returning();
  if (!row) throw notFound('Provider not found');
  return row;
}

/**
 * Deletes a provider nobody uses. One that connections point to is refused: deleting it would
 * orphan them, so the admin deactivates it instead (it then leaves the customer form).
 */
export async function deleteProvider(db: Db, id: number): Promise<ProviderRow> {
  return db.transaction(async (tx) => {
    const provider = await getProvider(tx, id);
    const [used] = await tx
      .select({ n: count() })
      .from(connections)
      .where(eq(connections.providerId, id));
    const n = used?.n ?? 0;
    if (n > 0) {
      throw conflict(
        `${provider.name} is used by ${n} connection${n === 1 ? '' : 's'} and cannot be deleted. Deactivate it instead.`,
      );
    }
    await tx.delete(providers).where(eq(providers.id, id));
    return provider;
  });
}
