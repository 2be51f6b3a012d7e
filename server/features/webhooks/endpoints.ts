import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import type { WebhookEndpoint, WebhookEvent, WebhookInput } from '../../../common/webhooks.ts';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

async function withStats(db: Db, rows: EndpointRow[]): Promise<WebhookEndpoint[]> {
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

export async function listEndpoints(db: Db) {
  return withStats(db, await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id));
}

export async function getEndpoint(db: Db, id: number): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .limit(1);
  if (!row) throw notFound('Webhook not found');
  return row;
}

export async function createEndpoint(db: Db, input: WebhookInput, actorId: number) {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      url: input.url,
      description: input.description ?? null,
      events: input.events,
      isActive: input.isActive ?? true,
      secret: newSecret(),
      createdBy: actorId,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return (await withStats(db, [row]))[0] as WebhookEndpoint;
}

export async function updateEndpoint(db: Db, id: number, input: WebhookInput) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...input, description: input.description ?? null, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (!row) throw notFound('Webhook not found');
  return (await withStats(db, [row]))[0] as WebhookEndpoint;
}

export async function deleteEndpoint(db: Db, id: number) {
  const [row] = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
  if (!row) throw notFound('Webhook not found');
}

export async function listDeliveries(db: Db, endpointId: number, limit = 50) {
  await getEndpoint(db, endpointId);
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

/** The active endpoints and their events (what emit() filters on). */
export async function activeSubscriptions(db: Db) {
  return db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.isActive, true));
}

/** Records one delivery of an event per endpoint; returns their ids. */
export async function recordDeliveries(
  db: Db,
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

export async function findDelivery(db: Db, id: number): Promise<DeliveryRow> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, id))
    .limit(1);
  if (!row) throw notFound('Delivery not found');
  return row;
}
