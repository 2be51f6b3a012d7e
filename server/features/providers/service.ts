import { asc, count, eq, sql } from 'drizzle-orm';
import {
  type Provider,
  ProviderInput,
  type ProviderUpdate,
  type PublicProvider,
} from '../../../common/providers.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { knownSelectorsFor, knownSelectorsOf } from '../../db/provider-known-selectors.ts';
import { auditLog, connections, providers } from '../../db/schema.ts';
import { STARTER_PROVIDERS } from '../../db/seed-providers.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import {
  addKnownSelectorsToUntuned,
  knownSelectorValues,
  recordKnownSelectorsGiven,
} from './known-selectors.ts';

type ProviderRow = typeof providers.$inferSelect;

function toPublicProvider(row: ProviderRow): PublicProvider {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    state: row.state,
    timeZone: row.timeZone,
    url: row.url,
    imageUrl: row.imageUrl,
    isActive: row.isActive,
  };
}

function toProvider(row: ProviderRow): Provider {
  return {
    ...toPublicProvider(row),
    loginUrl: row.loginUrl,
    usernameSelector: row.usernameSelector,
    passwordSelector: row.passwordSelector,
    submitSelector: row.submitSelector,
    billsPage: row.billsPage,
    usagePage: row.usagePage,
    exportControl: row.exportControl,
    preLoginSteps: row.preLoginSteps ?? [],
    knownSelectors: knownSelectorsOf(row),
    retrieveAutomatically: row.retrieveAutomatically,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A provider's row (its portal and the selectors automation uses), or 404 Provider not found. */
export async function getProvider(db: Executor, id: number): Promise<ProviderRow> {
  const [row] = await db.select().from(providers).where(eq(providers.id, id)).limit(1);
  if (!row) throw notFound('Provider not found');
  return row;
}

const providerValues = (input: ProviderInput) => ({
  name: input.name,
  country: input.country,
  state: input.state,
  timeZone: input.timeZone ?? null,
  url: input.url ?? null,
  loginUrl: input.loginUrl ?? null,
  imageUrl: input.imageUrl ?? null,
  retrieveAutomatically: input.retrieveAutomatically ?? true,
});

async function insertProvider(db: Executor, input: ProviderInput): Promise<ProviderRow> {
  const [row] = await db.insert(providers).values(providerValues(input)).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * The utilities customers choose on the form: the only code that writes `providers`. Admins
 * see and edit every field; everyone else sees the active ones, without the portal settings.
 */
export class ProvidersService {
  constructor(private readonly deps: { db: Db }) {}

  /** Admins get every provider in full; the public (the customer form) the active ones. */
  list(viewer: { admin: true }): Promise<Provider[]>;
  list(viewer: { admin: boolean }): Promise<Provider[] | PublicProvider[]>;
  async list(viewer: { admin: boolean }): Promise<Provider[] | PublicProvider[]> {
    const query = this.deps.db
      .select()
      .from(providers)
      .orderBy(asc(providers.name), asc(providers.id));
    if (viewer.admin) return (await query).map(toProvider);
    return (await query.where(eq(providers.isActive, true))).map(toPublicProvider);
  }

  get(id: number): Promise<ProviderRow> {
    return getProvider(this.deps.db, id);
  }

  async create(input: ProviderInput): Promise<Provider> {
    return toProvider(await insertProvider(this.deps.db, input));
  }

  /** Fields left out of the body keep their value; null clears them. */
  async update(id: number, input: ProviderUpdate): Promise<Provider> {
    const [row] = await this.deps.db
      .update(providers)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(providers.id, id))
      .returning();
    if (!row) throw notFound('Provider not found');
    return toProvider(row);
  }

  /**
   * Deletes a provider nobody uses. One that connections point to is refused: deleting it would
   * orphan them, so the admin deactivates it instead (it then leaves the customer form).
   */
  delete(id: number): Promise<Provider> {
    return this.deps.db.transaction(async (tx) => {
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
      return toProvider(provider);
    });
  }

  /**
   * `npm run db:seed`: adds the starter providers whose names are not taken yet (the admin may
   * have deleted or renamed some); returns how many were added.
   */
  addStarterCatalogue(): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      await takeStarterLock(tx);
      const existing = await tx
        .select({ name: sql<string>`lower(${providers.name})` })
        .from(providers);
      const taken = new Set(existing.map((r) => r.name));
      return addStarters(tx, (entry) => !taken.has(entry.name.toLowerCase()), 'npm run db:seed');
    });
  }

  /**
   * A new install's catalogue: the starter providers, added when there are no providers and
   * they were never added before, so an admin who deleted them all does not find them back
   * after a restart. Returns how many were added (0: nothing to do).
   */
  addStarterCatalogueOnFirstStart(): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      await takeStarterLock(tx);
      const [any] = await tx.select({ id: providers.id }).from(providers).limit(1);
      if (any) return 0;
      const [added] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(eq(auditLog.action, STARTERS_ADDED))
        .limit(1);
      if (added) return 0;
      return addStarters(tx, () => true, 'first start');
    });
  }

  /**
   * Starter providers from before the catalogue shipped login selectors get them, unless an
   * admin already set theirs (see addKnownSelectorsToUntuned). Returns the names filled.
   */
  addKnownSelectors(by: string): Promise<string[]> {
    return this.deps.db.transaction(async (tx) => {
      await takeStarterLock(tx);
      return addKnownSelectorsToUntuned(tx, by);
    });
  }
}

/** The audit line that says the starter providers were added (and by what). */
const STARTERS_ADDED = 'providers.starter_catalogue_added';

/** Any constant shared by every process of this service: the key of the starter list's lock. */
const STARTER_LOCK = 7_310_428_107;

/**
 * Processes starting together on a new database (or the seed script while the app starts) take
 * turns, so the list is added once: providers' names are not unique, nothing else would stop it.
 */
async function takeStarterLock(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${STARTER_LOCK})`);
}

async function addStarters(
  tx: Tx,
  wanted: (entry: ProviderInput) => boolean,
  by: string,
): Promise<number> {
  const entries = STARTER_PROVIDERS.filter(wanted);
  if (entries.length === 0) return 0;
  await tx.insert(providers).values(entries.map((entry) => starterValues(entry)));
  const known = entries.filter((entry) => knownSelectorsFor(entry.name)).map((e) => e.name);
  await recordKnownSelectorsGiven(tx, known, by);
  await recordAudit(tx, {
    actorId: null,
    action: STARTERS_ADDED,
    entityType: 'provider',
    entityId: 'starter_catalogue',
    details: { added: entries.length, by },
  });
  return entries.length;
}

/** A starter provider's row, with the sign-in page and selectors known for it, if any. */
function starterValues(entry: ProviderInput) {
  const known = knownSelectorsFor(entry.name);
  const values = providerValues(ProviderInput.parse(entry));
  return known ? { ...values, ...knownSelectorValues(known) } : values;
}
