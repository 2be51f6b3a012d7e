import { and, eq } from 'drizzle-orm';
import type { CustomerSubmission } from '../../../common/forms.ts';
import type { Db } from '../../db/client.ts';
import { connections, providers, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { CredentialVault } from '../../lib/vault.ts';
import { sealCredentials } from '../connections/credentials.ts';

export async function findFormOwner(db: Db, uniqueFormUrl: string) {
  const [owner] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.uniqueFormUrl, uniqueFormUrl), eq(users.isActive, true)))
    .limit(1);
  if (!owner) throw notFound('Form not found');
  return owner;
}

/**
 * A customer's submission becomes a pending connection owned by the link's user. The
 * credentials go straight into the vault; the same submission key never makes two rows.
 */
export async function submitForm(
  db: Db,
  vault: CredentialVault,
  uniqueFormUrl: string,
  input: CustomerSubmission,
): Promise<{ id: number; status: string; created: boolean }> {
  const owner = await findFormOwner(db, uniqueFormUrl);
  const [provider] = await db
    .select({ id: providers.id, isActive: providers.isActive })
    .from(providers)
    .where(eq(providers.id, input.providerId))
    .limit(1);
  if (!provider?.isActive) throw badRequest('Please choose a utility provider from the list');

  if (input.submissionKey) {
    const [existing] = await db
      .select({ id: connections.id, status: connections.status })
      .from(connections)
      .where(
        and(eq(connections.userId, owner.id), eq(connections.submissionKey, input.submissionKey)),
      )
      .limit(1);
    if (existing) return { ...existing, created: false };
  }

  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(connections)
      .values({
        userId: owner.id,
        providerId: provider.id,
        customerName: input.name,
        customerEmail: input.email,
        customerPhone: input.phone ?? null,
        serviceAddress: input.address,
        customerNotes: input.notes ?? null,
        consentAt: input.consent ? new Date() : null,
        submissionKey: input.submissionKey ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: connections.id, status: connections.status });
    if (!row) {
      // Two identical submissions raced; the other one won.
      const [winner] = await tx
        .select({ id: connections.id, status: connections.status })
        .from(connections)
        .where(
          and(
            eq(connections.userId, owner.id),
            eq(connections.submissionKey, input.submissionKey ?? ''),
          ),
        )
        .limit(1);
      if (!winner) throw new Error('submission vanished');
      return { ...winner, created: false };
    }
    await tx
      .update(connections)
      .set(sealCredentials(vault, row.id, input.username, input.password))
      .where(eq(connections.id, row.id));
    return { ...row, created: true };
  });
}
