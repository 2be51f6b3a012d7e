import { and, eq, sql } from 'drizzle-orm';
import type { CustomerSubmission } from '../../../common/forms.ts';
import type { Db } from '../../db/client.ts';
import { connections, providers, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { CredentialVault } from '../../lib/vault.ts';
import { sealCredentials } from './credentials.ts';
import type { ConnectionRow } from './mapping.ts';

export type SubmissionOutcome = { id: number; status: ConnectionRow['status']; created: boolean };

/**
 * A customer's submission becomes a pending connection owned by the link's user. The
 * credentials go straight into the vault; the same submission key never makes two rows.
 * Two round trips: the owner, provider and next id in one query (it reads the users and
 * providers tables, which it never writes), then one insert (the id is taken first because the
 * sealed credentials are bound to it).
 */
export async function insertSubmission(
  db: Db,
  vault: CredentialVault,
  uniqueFormUrl: string,
  input: CustomerSubmission,
): Promise<SubmissionOutcome> {
  const [found] = await db
    .select({
      ownerId: users.id,
      providerActive: providers.isActive,
      nextId: sql<number>`nextval('connections_id_seq')`.mapWith(Number),
    })
    .from(users)
    .leftJoin(providers, eq(providers.id, input.providerId))
    .where(and(eq(users.uniqueFormUrl, uniqueFormUrl), eq(users.isActive, true)))
    .limit(1);
  if (!found) throw notFound('Form not found');
  if (!found.providerActive) throw badRequest('Please choose a utility provider from the list');
  const [row] = await db
    .insert(connections)
    .values({
      id: found.nextId,
      userId: found.ownerId,
      providerId: input.providerId,
      customerName: input.name,
      customerEmail: input.email,
      customerPhone: input.phone ?? null,
      serviceAddress: input.address,
      customerNotes: input.notes ?? null,
      // The schema refuses a submission without consent.
      consentAt: new Date(),
      submissionKey: input.submissionKey ?? null,
      ...sealCredentials(vault, found.nextId, input.username, input.password),
    })
    .onConflictDoNothing()
    .returning({ id: connections.id, status: connections.status });
  if (row) return { ...row, created: true };
  // The same submission key was sent before (a double click): answer with that connection.
  const [earlier] = await db
    .select({ id: connections.id, status: connections.status })
    .from(connections)
    .where(
      and(
        eq(connections.userId, found.ownerId),
        eq(connections.submissionKey, input.submissionKey ?? ''),
      ),
    )
    .limit(1);
  if (!earlier) throw new Error('submission conflicted but no earlier row was found');
  return { ...earlier, created: false };
}
