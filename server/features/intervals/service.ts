import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { connectionFiles, connections, intervalSeries, providers } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';
import { findConnectionRow, type Viewer } from '../connections/service.ts';
import { analyze } from './analytics.ts';
import { IntervalImportError } from './errors.ts';
import { importIntervals } from './importIntervals.ts';
import { assessQuality } from './quality.ts';
import { toCanonicalSeries } from './resample.ts';
import { SLOT_MS } from './series.ts';
import { packSeries, unpackSeries } from './storage.ts';
import { localDateOf } from './time/localDate.ts';

export type ImportOutcome = { status: 'imported' | 'failed' | 'skipped'; error?: string };

/**
 * Reads an uploaded interval file into the connection's canonical series. The connection's
 * usage, cost and dates follow the data unless an admin typed them. A file that is not
 * interval data keeps its place on the connection, with the reason shown on it.
 */
export async function importConnectionFile(
  db: Db,
  store: ObjectStore,
  fileId: number,
): Promise<ImportOutcome> {
  const [file] = await db
    .select()
    .from(connectionFiles)
    .where(eq(connectionFiles.id, fileId))
    .limit(1);
  if (!file) return { status: 'skipped', error: 'The file was deleted' };
  if (file.fileType === 'pdf') return { status: 'skipped' };
  const [connection] = await db
    .select({ connection: connections, state: providers.state })
    .from(connections)
    .innerJoin(providers, eq(providers.id, connections.providerId))
    .where(eq(connections.id, file.connectionId))
    .limit(1);
  if (!connection) return { status: 'skipped', error: 'The connection was deleted' };

  const bytes = await store.getBytes(file.objectKey);
  let imported: ReturnType<typeof importIntervals>;
  try {
    imported = importIntervals(bytes, { state: connection.state });
  } catch (error) {
    if (!(error instanceof IntervalImportError)) throw error;
    await db
      .update(connectionFiles)
      .set({ importStatus: 'failed', importError: error.message })
      .where(eq(connectionFiles.id, fileId));
    return { status: 'failed', error: error.message };
  }
  const series = toCanonicalSeries(imported);
  const analytics = analyze(series);
  const quality = assessQuality(imported, series);
  const values = {
    connectionId: file.connectionId,
    fileId,
    format: imported.format,
    ...packSeries(series),
    analytics,
    qualityReport: quality,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(intervalSeries)
      .values(values)
      .onConflictDoUpdate({ target: intervalSeries.fileId, set: values });
    await tx
      .update(connectionFiles)
      .set({ importStatus: 'imported', importError: null })
      .where(eq(connectionFiles.id, fileId));
    if (!connection.connection.figuresSetManually && series.length > 0) {
      const end = series.start + series.length * SLOT_MS - 1;
      await tx
        .update(connections)
        .set({
          usageKwh: analytics.deliveredKWh.toFixed(3),
          costCents: analytics.cost === undefined ? undefined : Math.round(analytics.cost * 100),
          startDate: localDateOf(series.start, series.timeZone),
          endDate: localDateOf(end, series.timeZone),
          updatedAt: new Date(),
        })
        .where(eq(connections.id, file.connectionId));
    }
  });
  return { status: 'imported' };
}

/** The newest imported series of a connection the viewer may see. */
export async function latestSeries(db: Db, connectionId: number, viewer: Viewer) {
  await findConnectionRow(db, connectionId, viewer);
  const [row] = await db
    .select({ series: intervalSeries, fileName: connectionFiles.fileName })
    .from(intervalSeries)
    .innerJoin(connectionFiles, eq(connectionFiles.id, intervalSeries.fileId))
    .where(and(eq(intervalSeries.connectionId, connectionId)))
    .orderBy(desc(intervalSeries.createdAt), desc(intervalSeries.id))
    .limit(1);
  if (!row) throw notFound('No interval data yet');
  return { row: row.series, fileName: row.fileName, series: unpackSeries(row.series) };
}
