import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { connectionFiles, gasSeries, intervalSeries } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { analyzeGas, type GasSeries, type GasUnit } from '../../lib/intervals/gas.ts';
import {
  type Analytics,
  analyze,
  assessQuality,
  type BillingHistory,
  type CanonicalSeries,
  IntervalImportError,
  importIntervals,
  isBillingHistory,
  localDateOf,
  type QualityReport,
  type Reconciliation,
  readBillingHistory,
  reconcileHistoryBill,
  reconcileStatement,
  SLOT_MS,
  toCanonicalSeries,
} from '../../lib/intervals/index.ts';
import { BillReadError, extractBill } from '../../lib/statements/index.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';
import type { ConnectionsService, ImportedFigures, Viewer } from '../connections/service.ts';
import type { ProvidersService } from '../providers/service.ts';
import { packSeries, unpackSeries } from './storage.ts';

export type ImportOutcome = { status: 'imported' | 'failed' | 'skipped'; error?: string };

/**
 * Interval data on connections: the feature owns `interval_series`; the engine that reads the
 * files is the library in server/lib/intervals. What an import changes on the file and the
 * connection is recorded by the connections service.
 */
export class IntervalsService {
  constructor(
    private readonly deps: {
      db: Db;
      store: ObjectStore;
      connections: ConnectionsService;
      providers: Pick<ProvidersService, 'get'>;
    },
  ) {}

  /**
   * Reads an uploaded file: a statement PDF's printed facts, or an interval file into the
   * connection's canonical series. The connection's usage, cost and dates follow the data
   * unless an admin typed them. A file that cannot be read keeps its place on the connection,
   * with the reason shown on it. A file of several meters becomes the series of one (`meter`,
   * else the first in the file); the admin may choose another.
   */
  async importFile(fileId: number, meter?: string): Promise<ImportOutcome> {
    const subject = await this.deps.connections.importSubject(fileId);
    if (!subject) return { status: 'skipped', error: 'The file was deleted' };
    const { file } = subject;
    const bytes = await this.deps.store.getBytes(file.objectKey);
    if (file.fileType === 'pdf') return this.readStatement(file, bytes);
    const provider = await this.deps.providers.get(subject.providerId);
    if (isBillingHistory(bytes)) return this.readBillingHistory(file, bytes, provider);

    let imported: ReturnType<typeof importIntervals>;
    try {
      imported = importIntervals(bytes, zoneOptions(provider));
    } catch (error) {
      if (!(error instanceof IntervalImportError)) throw error;
      await this.deps.connections.recordImport(file, { status: 'failed', error: error.message });
      return { status: 'failed', error: error.message };
    }
    const meters = imported.metadata.meters;
    const chosen = meters.length > 1 ? (meter ?? meters[0]) : undefined;
    if (meter !== undefined && !meters.includes(meter)) {
      throw badRequest(`The file has no meter ${meter} (it has ${meters.join(', ') || 'one'})`);
    }
    if (chosen !== undefined) {
      imported = { ...imported, channels: imported.channels.filter((c) => c.meter === chosen) };
    }
    const gas = imported.gas;
    const gasValues = gas && {
      connectionId: file.connectionId,
      fileId,
      unit: gas.unit,
      timeZone: gas.timeZone,
      source: gas.source,
      periods: gas.periods,
      notes: gas.notes,
    };
    // A file of gas alone has no electric series: the connection's electric data, usage and
    // dates stay as they were (gas is not kWh).
    const electric =
      imported.channels.length > 0 || !gas
        ? this.electricValues(imported, fileId, file.connectionId, chosen)
        : undefined;
    await this.deps.db.transaction(async (tx) => {
      if (electric) {
        await tx
          .insert(intervalSeries)
          .values(electric.values)
          .onConflictDoUpdate({ target: intervalSeries.fileId, set: electric.values });
      }
      if (gasValues) {
        await tx
          .insert(gasSeries)
          .values(gasValues)
          .onConflictDoUpdate({ target: gasSeries.fileId, set: gasValues });
      }
      await this.deps.connections.recordImport(file, { status: 'imported' }, electric?.figures, tx);
    });
    return { status: 'imported' };
  }

  /** The electric part of an import on the 15-minute grid, analysed, and the figures it gives. */
  private electricValues(
    imported: ReturnType<typeof importIntervals>,
    fileId: number,
    connectionId: number,
    chosen: string | undefined,
  ) {
    const series = toCanonicalSeries(imported);
    const analytics = analyze(series);
    const values = {
      connectionId,
      fileId,
      format: imported.format,
      ...packSeries(series),
      analytics,
      qualityReport: assessQuality(imported, series),
      meter: chosen ?? null,
      meters: imported.metadata.meters,
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
    return { values, figures };
  }

  /**
   * A billing-history CSV (one row per bill): its bills, never interval data, or why they could
   * not be read (then nothing of it is stored). Dates like 05/04/2024 are read day first for a
   * utility where that is the custom.
   */
  private async readBillingHistory(
    file: { id: number; connectionId: number },
    bytes: Uint8Array,
    provider: { country: string },
  ): Promise<ImportOutcome> {
    let history: BillingHistory;
    try {
      history = readBillingHistory(bytes, { dayFirst: DAY_FIRST.has(provider.country) });
    } catch (error) {
      if (!(error instanceof IntervalImportError)) throw error;
      await this.deps.connections.recordImport(file, { status: 'failed', error: error.message });
      return { status: 'failed', error: error.message };
    }
    const { bills, notes } = history;
    const starts = bills.map((b) => b.periodStart).sort();
    const ends = bills.map((b) => b.periodEnd).sort();
    const [first, last] = [starts[0], ends.at(-1)];
    const units = [...new Set(bills.map((b) => b.unit ?? 'no unit given'))].join(', ');
    const note = [
      `Billing history: ${bills.length} ${bills.length === 1 ? 'bill' : 'bills'}, ${first} to ${last} (${units}); read as bills, not interval data.`,
      ...notes,
    ].join(' ');
    await this.deps.connections.recordBillingHistory(file, bills, note);
    return { status: 'imported' };
  }

  /** A statement PDF: its facts, or why they could not be read. */
  private async readStatement(
    file: { id: number; connectionId: number },
    bytes: Uint8Array,
  ): Promise<ImportOutcome> {
    try {
      const statement = await extractBill(bytes);
      await this.deps.connections.recordStatement(file, statement);
      return { status: 'imported' };
    } catch (error) {
      if (!(error instanceof BillReadError)) throw error;
      await this.deps.connections.recordImport(file, { status: 'failed', error: error.message });
      return { status: 'failed', error: error.message };
    }
  }

  /** An admin's choice of meter in a file of several: the series is read again for it. */
  async chooseMeter(connectionId: number, fileId: number, meter: string) {
    const [row] = await this.deps.db
      .select({ meters: intervalSeries.meters })
      .from(intervalSeries)
      .where(and(eq(intervalSeries.fileId, fileId), eq(intervalSeries.connectionId, connectionId)));
    if (!row) throw notFound('No interval data from this file');
    if (!row.meters.includes(meter)) {
      throw badRequest(`The file has no meter ${meter} (it has ${row.meters.join(', ')})`);
    }
    await this.importFile(fileId, meter);
  }

  /** The newest series as a download: for admins, and for the owner once a report is paid. */
  async seriesForDownload(connectionId: number, viewer: Viewer) {
    await this.deps.connections.assertPaidFor(connectionId, viewer);
    return this.latestSeries(connectionId, viewer);
  }

  /**
   * For a report: the newest imported series with its analytics and quality report, or null.
   * The caller has already decided who may see the report.
   */
  async latestForReport(connectionId: number) {
    const row = await this.newest(connectionId);
    if (!row) return null;
    const series = unpackSeries(row.series);
    return {
      fileName: row.fileName,
      format: row.series.format,
      series,
      analytics: row.series.analytics as Analytics,
      quality: await this.withStatements(connectionId, series, row.series.qualityReport),
    };
  }

  /**
   * What the connection's summary shows: the newest electric series and the newest gas series,
   * each null when none was imported (a connection may have only gas); 404 when neither.
   */
  async summary(connectionId: number, viewer: Viewer) {
    await this.deps.connections.assertVisible(connectionId, viewer);
    const row = await this.newest(connectionId);
    const gas = await this.newestGas(connectionId);
    if (!row && !gas) throw notFound('No interval data yet');
    let electric = null;
    if (row) {
      const series = unpackSeries(row.series);
      const quality = await this.withStatements(connectionId, series, row.series.qualityReport);
      electric = { row: row.series, fileName: row.fileName, series, quality };
    }
    return { electric, gas };
  }

  /** For a report: the newest gas series with its analytics, or null. */
  async gasForReport(connectionId: number) {
    return this.newestGas(connectionId);
  }

  /** The newest gas series as a download: for admins, and for the owner once a report is paid. */
  async gasForDownload(connectionId: number, viewer: Viewer) {
    await this.deps.connections.assertPaidFor(connectionId, viewer);
    const gas = await this.newestGas(connectionId);
    if (!gas) throw notFound('No gas data yet');
    return gas;
  }

  private async newestGas(connectionId: number) {
    const [row] = await this.deps.db
      .select({ gas: gasSeries, fileName: connectionFiles.fileName })
      .from(gasSeries)
      .innerJoin(connectionFiles, eq(connectionFiles.id, gasSeries.fileId))
      .where(eq(gasSeries.connectionId, connectionId))
      .orderBy(desc(gasSeries.createdAt), desc(gasSeries.id))
      .limit(1);
    if (!row) return null;
    const series: GasSeries = {
      unit: row.gas.unit as GasUnit,
      periods: row.gas.periods,
      timeZone: row.gas.timeZone,
      source: row.gas.source,
      notes: row.gas.notes,
    };
    return {
      fileId: row.gas.fileId,
      fileName: row.fileName,
      series,
      analytics: analyzeGas(series),
    };
  }

  /** The newest imported series of a connection the viewer may see. */
  async latestSeries(connectionId: number, viewer: Viewer) {
    await this.deps.connections.assertVisible(connectionId, viewer);
    const row = await this.newest(connectionId);
    if (!row) throw notFound('No interval data yet');
    const series = unpackSeries(row.series);
    const quality = await this.withStatements(connectionId, series, row.series.qualityReport);
    return { row: row.series, fileName: row.fileName, series, quality };
  }

  /**
   * The quality report with the connection's statement PDFs checked against the series: their
   * printed usage over their service period. Read when asked, since a statement may be read
   * before or after the interval file.
   */
  private async withStatements(
    connectionId: number,
    series: CanonicalSeries,
    stored: unknown,
  ): Promise<QualityReport> {
    const quality = stored as QualityReport;
    const checks: Reconciliation[] = [];
    for (const { fileName, statement } of await this.deps.connections.statementsOf(connectionId)) {
      const { periodStart, periodEnd, totalKWh, currentChargesCents, amountDueCents } =
        statement.facts;
      if (!periodStart || !periodEnd) continue;
      const cents = currentChargesCents ?? amountDueCents;
      const check = reconcileStatement(series, {
        label: fileName,
        periodStart,
        periodEnd,
        kWh: totalKWh,
        cost: cents === undefined ? undefined : cents / 100,
      });
      if (check) checks.push(check);
    }
    for (const { fileName, bills } of await this.deps.connections.billingHistoriesOf(
      connectionId,
    )) {
      for (const bill of bills) {
        const check = reconcileHistoryBill(series, bill, fileName);
        if (check) checks.push(check);
      }
    }
    return { ...quality, reconciliation: [...(quality.reconciliation ?? []), ...checks] };
  }

  private async newest(connectionId: number) {
    const [row] = await this.deps.db
      .select({ series: intervalSeries, fileName: connectionFiles.fileName })
      .from(intervalSeries)
      .innerJoin(connectionFiles, eq(connectionFiles.id, intervalSeries.fileId))
      .where(eq(intervalSeries.connectionId, connectionId))
      .orderBy(desc(intervalSeries.createdAt), desc(intervalSeries.id))
      .limit(1);
    return row;
  }
}

/** Countries whose utilities write the day before the month (05/04/2024 is 5 April). */
const DAY_FIRST = new Set(['GB', 'IE', 'AU', 'NZ']);

/**
 * Where a file without its own zone is read: the provider's named zone (a utility abroad, or a US
 * one an admin set apart from its state), else its US state's.
 */
function zoneOptions(provider: { country: string; state: string; timeZone: string | null }) {
  if (provider.timeZone) return { timeZone: provider.timeZone };
  return provider.country === 'US' ? { state: provider.state } : {};
}
