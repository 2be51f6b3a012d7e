import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Stats } from '../../../common/connections.ts';
import type { Db } from '../../db/client.ts';
import {
  connectionFiles,
  connections,
  providers,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema.ts';

/** Month boundaries in UTC: the start of this month and of the last. */
function months(now: Date) {
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { thisMonth, lastMonth };
}

export async function computeStats(db: Db, now = new Date()): Promise<Stats> {
  const { thisMonth, lastMonth } = months(now);
  const tally = (createdAt: PgColumn) => ({
    total: count(),
    thisMonth: sql<number>`count(*) filter (where ${createdAt} >= ${thisMonth})`.mapWith(Number),
    lastMonth:
      sql<number>`count(*) filter (where ${createdAt} >= ${lastMonth} and ${createdAt} < ${thisMonth})`.mapWith(
        Number,
      ),
  });
  const [[c], [p], [f], [a]] = await Promise.all([
    db.select(tally(connections.createdAt)).from(connections),
    db.select(tally(providers.createdAt)).from(providers).where(eq(providers.isActive, true)),
    db.select(tally(connectionFiles.createdAt)).from(connectionFiles),
    // The admins' endpoints only: a premium user's own endpoint is theirs to mind.
    db
      .select(tally(webhookDeliveries.createdAt))
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.status, 'failed'), isNull(webhookEndpoints.userId))),
  ]);
  const trend = (r: { thisMonth: number; lastMonth: number } | undefined) => ({
    thisMonth: r?.thisMonth ?? 0,
    lastMonth: r?.lastMonth ?? 0,
  });
  return {
    totalConnections: c?.total ?? 0,
    activeProviders: p?.total ?? 0,
    filesUploaded: f?.total ?? 0,
    webhookAlerts: a?.total ?? 0,
    trends: {
      totalConnections: trend(c),
      activeProviders: trend(p),
      filesUploaded: trend(f),
      webhookAlerts: trend(a),
    },
  };
}
