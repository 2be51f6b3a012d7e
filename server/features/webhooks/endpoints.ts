import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { WebhookEndpoint, WebhookEvent, WebhookInput } from '../../../common/webhooks.ts';
import type { Executor } from '../../db/client.ts';
import { connections, users, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * Whose endpoints a call may see: the admins' (`admins`, user_id null) or one premium user's.
 * Every read and write below is scoped by it, so a user never reaches another's endpoint.
 */
export type EndpointOwner = 'admins' | { userId: number };

const ownedBy = (owner: EndpointOwner): SQL =>
  owner === 'admins' ? isNull(webhookEndpoints.userId) : eq(webhookEndpoints.userId, owner.userId);

const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

async function withStats(db: Executor, rows: EndpointRow[]): Promise<WebhookEndpoint[]> {
  return Promise.all(
    rows.map(async (row) => {
      const [failed] = await db
        .select({ n: count() })
        .from(webhookDeliveries)
        .where(
          and(eq(webhookDeliveries.endpointId, row.id), eq(webhookDeliveries.status, 'failed')),
        );
      const [last] = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, row.id))
        .orderBy(desc(webhookDeliveries.id))
        .limit(1);
      return {
        id: row.id,
        url: row.url,
        description: row.description,
        secret: row.secret,
        events: row.events as WebhookEvent[],
        isActive: row.isActive,
        failedDeliveries: failed?.n ?? 0,
        lastDelivery: last
          ? {
              status: last.status,
              at: last.createdAt.toISOString(),
              responseStatus: last.responseStatus,
            }
          : null,
        createdAt: row.createdAt.toISOString(),
      };
    }),
  );
}

export async function listEndpoints(db: Executor, owner: EndpointOwner) {
  return withStats(
    db,
    await db.select().from(webhookEndpoints).where(ownedBy(owner)).orderBy(webhookEndpoints.id),
  );
}

export async function getEndpoint(
  db: Executor,
  id: number,
  owner: EndpointOwner,
): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)))
    .limit(1);
  if (!row) throw notFound('Webhook not found');
  return row;
}

export async function createEndpoint(
  db: Executor,
  input: WebhookInput,
  actorId: number,
  owner: EndpointOwner,
) {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      url: input.url,
      description: input.description ?? null,
      events: input.events,
      isActive: input.isActive ?? true,
      secret: newSecret(),
      createdBy: actorId,
      userId: owner === 'admins' ? null : owner.userId,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return (await withStats(db, [row]))[0] as WebhookEndpoint;
}

export async function updateEndpoint(
  db: Executor,
  id: number,
  input: WebhookInput,
  owner: EndpointOwner,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...input, description: input.description ?? null, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)))
    .returning();
  if (!row) throw notFound('Webhook not found');
  return (await withStats(db, [row]))[0] as WebhookEndpoint;
}

export async function deleteEndpoint(db: Executor, id: number, owner: EndpointOwner) {
  const [row] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)))
    .returning();
  if (!row) throw notFound('Webhook not found');
}

/** Every endpoint of a user (a deleted account's), with its deliveries. */
export async function deleteEndpointsOf(db: Executor, userId: number): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
}

export async function listDeliveries(
  db: Executor,
  endpointId: number,
  owner: EndpointOwner,
  limit = 50,
) {
  await getEndpoint(db, endpointId, owner);
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}

export const toDelivery = (row: DeliveryRow) => ({
  id: row.id,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

/** The admins' active endpoints and their events (they hear about every connection). */
export async function activeSubscriptions(db: Executor) {
  return db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.isActive, true), isNull(webhookEndpoints.userId)));
}

/**
 * The active endpoints of the connection's owner that subscribe to the event, while the owner
 * is an active premium user: one query per event.
 */
export async function ownerSubscriptions(
  db: Executor,
  connectionId: number,
  event: WebhookEvent,
): Promise<number[]> {
  const rows = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .innerJoin(connections, eq(connections.userId, webhookEndpoints.userId))
    .innerJoin(users, eq(users.id, webhookEndpoints.userId))
    .where(
      and(
        eq(connections.id, connectionId),
        eq(webhookEndpoints.isActive, true),
        eq(users.isActive, true),
        eq(users.planType, 'premium'),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Records one delivery of an event per endpoint; returns their ids. */
export async function recordDeliveries(
  db: Executor,
  endpointIds: number[],
  event: WebhookEvent | 'ping',
  data: Record<string, unknown>,
): Promise<number[]> {
  if (endpointIds.length === 0) return [];
  const rows = await db
    .insert(webhookDeliveries)
    .values(
      endpointIds.map((endpointId) => ({
        endpointId,
        event,
        payload: { event, createdAt: new Date().toISOString(), data },
      })),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.map((r) => r.id);
}

export async function findDelivery(
  db: Executor,
  id: number,
  owner: EndpointOwner,
): Promise<DeliveryRow> {
  const [row] = await db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, id), ownedBy(owner)))
    .limit(1)
    .then((found) => found.map((r) => r.delivery));
  if (!row) throw notFound('Delivery not found');
  return row;
}
