import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { connectionFiles, intervalSeries } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import {
  type Analytics,
  analyze,
  assessQuality,
  IntervalImportError,
  importIntervals,
  localDateOf,
  type QualityReport,
  SLOT_MS,
  toCanonicalSeries,
} from '../../lib/intervals/index.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';
import type { ConnectionsService, ImportedFigures, Viewer } from '../connections/service.ts';
import { getProvider } from '../providers/service.ts';
import { packSeries, unpackSeries } from './storage.ts';

export type ImportOutcome = { status: 'imported' | 'failed' | 'skipped'; error?: string };

/**
 * Interval data on connections: the feature owns `interval_series`; the engine that reads the
 * files is the library in server/lib/intervals. What an import changes on the file and the
 * connection is recorded by the connections service.
 */
export class IntervalsService {
  private readonly db: Db;
  private readonly store: ObjectStore;
  private readonly connections: ConnectionsService;

  constructor(deps: { db: Db; store: ObjectStore; connections: ConnectionsService }) {
    this.db = deps.db;
    this.store = deps.store;
    this.connections = deps.connections;
  }

  /**
   * Reads an uploaded interval file into the connection's canonical series. The connection's
   * usage, cost and dates follow the data unless an admin typed them. A file that is not
   * interval data keeps its place on the connection, with the reason shown on it.
   */
  async importFile(fileId: number): Promise<ImportOutcome> {
    const subject = await this.connections.importSubject(fileId);
    if (!subject) return { status: 'skipped', error: 'The file was deleted' };
    const { file } = subject;
    if (file.fileType === 'pdf') return { status: 'skipped' };
    const provider = await getProvider(this.db, subject.providerId);

    const bytes = await this.store.getBytes(file.objectKey);
    let imported: ReturnType<typeof importIntervals>;
    try {
      imported = importIntervals(bytes, { state: provider.state });
    } catch (error) {
      if (!(error instanceof IntervalImportError)) throw error;
      await this.connections.recordImport(file, { status: 'failed', error: error.message });
      return { status: 'failed', error: error.message };
    }
    const series = toCanonicalSeries(imported);
    const analytics = analyze(series);
    const values = {
      connectionId: file.connectionId,
      fileId,
      format: imported.format,
      ...packSeries(series),
      analytics,
      qualityReport: assessQuality(imported, series),
    };
    let figures: ImportedFigures | undefined;
    if (series.length > 0) {
      const end = series.start + series.length * SLOT_MS - 1;
      figures = {
        usageKwh: analytics.deliveredKWh,
        cost: analytics.cost,
        startDate: localDateOf(series.start, series.timeZone),
        endDate: localDateOf(end, series.timeZone),
      };
    }
    await this.db.transaction(async (tx) => {
      await tx
        .insert(intervalSeries)
        .values(values)
        .onConflictDoUpdate({ target: intervalSeries.fileId, set: values });
      await this.connections.recordImport(
        file,
        { status: 'imported' },
        figures,
        tx as unknown as Db,
      );
    });
    return { status: 'imported' };
  }

  /** The newest series as a download: for admins, and for the owner once a report is paid. */
  async seriesForDownload(connectionId: number, viewer: Viewer) {
    await this.connections.assertPaidFor(connectionId, viewer);
    return this.latestSeries(connectionId, viewer);
  }

  /**
   * For a report: the newest imported series with its analytics and quality report, or null.
   * The caller has already decided who may see the report.
   */
  async latestForReport(connectionId: number) {
    const row = await this.newest(connectionId);
    if (!row) return null;
    return {
      fileName: row.fileName,
      format: row.series.format,
      series: unpackSeries(row.series),
      analytics: row.series.analytics as Analytics,
      quality: row.series.qualityReport as QualityReport,
    };
  }

  /** The newest imported series of a connection the viewer may see. */
  async latestSeries(connectionId: number, viewer: Viewer) {
    await this.connections.assertVisible(connectionId, viewer);
    const row = await this.newest(connectionId);
    if (!row) throw notFound('No interval data yet');
    return { row: row.series, fileName: row.fileName, series: unpackSeries(row.series) };
  }

  private async newest(connectionId: number) {
    const [row] = await this.db
      .select({ series: intervalSeries, fileName: connectionFiles.fileName })
      .from(intervalSeries)
      .innerJoin(connectionFiles, eq(connectionFiles.id, intervalSeries.fileId))
      .where(eq(intervalSeries.connectionId, connectionId))
      .orderBy(desc(intervalSeries.createdAt), desc(intervalSeries.id))
      .limit(1);
    return row;
  }
}
