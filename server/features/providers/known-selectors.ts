import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { KNOWN_SELECTORS, type KnownSelectors } from '../../db/provider-known-selectors.ts';
import { auditLog, providers } from '../../db/schema.ts';
import { STARTER_PROVIDERS } from '../../db/seed-providers.ts';
import { recordAudit } from '../../lib/audit.ts';

/** The columns a shipped entry fills on its provider's row. */
export function knownSelectorValues(entry: KnownSelectors) {
  return {
    loginUrl: entry.loginUrl,
    usernameSelector: entry.usernameSelector,
    passwordSelector: entry.passwordSelector,
    submitSelector: entry.submitSelector,
    preLoginSteps: entry.preLoginSteps?.length ? entry.preLoginSteps : null,
  };
}

/** The audit line that names the providers given shipped selectors (and by what). */
const KNOWN_SELECTORS_GIVEN = 'providers.known_selectors_given';

/**
 * Records that these providers got the shipped selectors, so that they never get them again:
 * an admin who later clears them (to have the form detected) keeps that choice.
 */
export async function recordKnownSelectorsGiven(tx: Tx, names: string[], by: string) {
  if (names.length === 0) return;
  await recordAudit(tx, {
    actorId: null,
    action: KNOWN_SELECTORS_GIVEN,
    entityType: 'provider',
    entityId: 'starter_catalogue',
    details: { providers: names, by },
  });
}

async function namesGivenBefore(tx: Tx): Promise<Set<string>> {
  const rows = await tx
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.action, KNOWN_SELECTORS_GIVEN));
  const names = rows.flatMap((r) => {
    const list = r.details?.providers;
    return Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : [];
  });
  return new Set(names.map((n) => n.toLowerCase()));
}

/**
 * Gives the starter providers that have no login selectors yet the shipped ones (with their
 * sign-in page), on an install that has them from before the catalogue knew any. A provider
 * an admin touched is left alone: any selector or step set, or a login URL other than the
 * starter one, means the admin chose; one given them before is never given them again.
 * Returns the names of the providers it filled.
 */
export async function addKnownSelectorsToUntuned(tx: Tx, by: string): Promise<string[]> {
  const given = await namesGivenBefore(tx);
  const filled: string[] = [];
  for (const entry of KNOWN_SELECTORS) {
    if (given.has(entry.provider.toLowerCase())) continue;
    const starterUrl = STARTER_PROVIDERS.find((p) => p.name === entry.provider)?.loginUrl ?? null;
    const rows = await tx
      .update(providers)
      .set({ ...knownSelectorValues(entry), updatedAt: new Date() })
      .where(
        and(
          eq(sql`lower(${providers.name})`, entry.provider.toLowerCase()),
          isNull(providers.usernameSelector),
          isNull(providers.passwordSelector),
          isNull(providers.submitSelector),
          or(isNull(providers.preLoginSteps), sql`${providers.preLoginSteps} = '[]'::jsonb`),
          starterUrl
            ? or(isNull(providers.loginUrl), eq(providers.loginUrl, starterUrl))
            : isNull(providers.loginUrl),
        ),
      )
      .returning({ name: providers.name });
    filled.push(...rows.map((r) => r.name));
  }
  await recordKnownSelectorsGiven(tx, filled, by);
  return filled;
}
