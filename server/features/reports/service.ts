import type {
  ReportCardPage,
  ReportCardQuery,
  ReportFormat,
  ReportVersion,
} from '../../../common/reports.ts';
import { reportFileName } from '../../../common/reports.ts';
import type { Db } from '../../db/client.ts';
import type { BrowserService } from '../../lib/browser/index.ts';
import { type Page, pageResult } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import type { DomainEvents } from '../../lib/events.ts';
import { exportEspiXml, exportIntervalCsv } from '../../lib/intervals/index.ts';
import type { JobQueue } from '../../lib/jobs/queue.ts';
import type { Mailer } from '../../lib/mail/index.ts';
import { reportReadyMessage } from '../../lib/mail/index.ts';
import { type ReportFile, type ReportInput, renderReport } from '../../lib/report/index.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';
import type { BillingService } from '../billing/service.ts';
import type { ConnectionsService, ReportSubject, Viewer } from '../connections/service.ts';
import type { IntervalsService } from '../intervals/service.ts';
import { type BundleEntry, buildBundle, sha256 } from './bundle.ts';
import { buildReportJob } from './jobs.ts';
import { ReportLinks } from './links.ts';
import { renderPdf } from './pdf.ts';
import {
  claimForBuild,
  findReport,
  insertVersion,
  latestOf,
  latestOfOwner,
  queuedVersion,
  type ReportRow,
  type ReportTrigger,
  summaryOf,
  updateReport,
  versionsOf,
} from './records.ts';

/** A report PDF up to this size travels with the email; larger ones only by link. */
const ATTACH_PDF_MAX_BYTES = 2 * 1024 * 1024;

const CONTENT_TYPES: Record<ReportFormat, string> = {
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

/**
 * Reports: the feature owns `reports`. A paid request on a complete connection, an admin's
 * Build, or new files on a delivered report add a version; a job builds it (HTML, PDF, ZIP),
 * closes the paid request, announces `report.ready` and emails the owner.
 */
export class ReportsService {
  private readonly links: ReportLinks;

  constructor(
    private readonly deps: {
      db: Db;
      store: ObjectStore;
      browser: BrowserService;
      queue: Pick<JobQueue, 'enqueue'>;
      events: DomainEvents;
      mailer: Mailer;
      connections: ConnectionsService;
      intervals: IntervalsService;
      billing: BillingService;
      config: { sessionSecret: string; publicUrl: string; reportLinkTtlMs: number };
    },
  ) {
    this.links = new ReportLinks(deps.config.sessionSecret);
  }

  // What starts a build

  /** A report was paid for: built now if the connection is complete, else when it is. */
  async onRequested(connectionId: number, usageRecordId: number): Promise<void> {
    const subject = await this.deps.connections.reportSubject(connectionId);
    if (subject?.status !== 'complete') return;
    await this.requestBuild(subject, 'paid', null, usageRecordId);
  }

  /** A connection became complete: a paid request waiting for it gets its report. */
  async onCompleted(connectionId: number): Promise<void> {
    const waiting = await this.deps.billing.paidRequestWaiting(connectionId);
    if (!waiting) return;
    const subject = await this.deps.connections.reportSubject(connectionId);
    if (subject?.status !== 'complete') return;
    await this.requestBuild(subject, 'paid', null, waiting.id);
  }

  /** A file arrived on a complete connection whose report exists: a new version follows. */
  async onFilesChanged(connectionId: number): Promise<void> {
    const subject = await this.deps.connections.reportSubject(connectionId);
    if (subject?.status !== 'complete') return;
    const waiting = await this.deps.billing.paidRequestWaiting(connectionId);
    if (waiting) return this.requestBuild(subject, 'paid', null, waiting.id).then(() => {});
    const built = (await latestOf(this.deps.db, [connectionId])).get(connectionId);
    if (!built) return;
    await this.requestBuild(subject, 'files_changed', null, null);
  }

  /** Build / Rebuild from the Utility Reports view. */
  async buildNow(connectionId: number, admin: Viewer): Promise<ReportVersion> {
    const subject = await this.deps.connections.reportSubject(connectionId);
    if (!subject) throw notFound('Connection not found');
    const waiting = await this.deps.billing.paidRequestWaiting(connectionId);
    const row = await this.requestBuild(subject, 'admin', admin.id, waiting?.id ?? null);
    return this.toVersion(row);
  }

  /** A queued version is reused (its request attached), so bursts of changes build once. */
  private async requestBuild(
    subject: ReportSubject,
    trigger: ReportTrigger,
    requestedBy: number | null,
    usageRecordId: number | null,
  ): Promise<ReportRow> {
    const { db, queue } = this.deps;
    const queued = await queuedVersion(db, subject.id);
    if (queued) {
      if (usageRecordId !== null && queued.usageRecordId === null) {
        return updateReport(db, queued.id, { usageRecordId });
      }
      return queued;
    }
    const row = await insertVersion(db, {
      connectionId: subject.id,
      userId: subject.userId,
      usageRecordId,
      trigger,
      requestedBy,
    });
    await queue.enqueue(buildReportJob, { reportId: row.id });
    return row;
  }

  // Building

  /**
   * Builds one version: imports interval files still waiting, renders the HTML, prints the PDF,
   * packs the ZIP, stores the three, then closes the paid request and tells the owner. A
   * version already built (a retried job) is left alone.
   */
  async build(reportId: number): Promise<ReportRow | undefined> {
    const { db, store, connections, intervals, browser } = this.deps;
    if (!(await claimForBuild(db, reportId))) return findReport(db, reportId);
    const report = await findReport(db, reportId);
    if (!report) return undefined;
    let delivery: { built: ReportRow; subject: ReportSubject; pdfBytes: number };
    try {
      let subject = await connections.reportSubject(report.connectionId);
      if (!subject) throw new Error('The connection was deleted');
      const waiting = subject.files.filter(
        (f) => f.fileType === 'csv' && (f.importStatus === 'pending' || f.importStatus === null),
      );
      for (const file of waiting) await intervals.importFile(file.id);
      if (waiting.length)
        subject = (await connections.reportSubject(report.connectionId)) ?? subject;

      const fileBytes = await Promise.all(subject.files.map((f) => store.getBytes(f.objectKey)));
      const files: ReportFile[] = subject.files.map((f, i) => ({
        name: f.fileName,
        kind: f.fileType === 'pdf' ? 'statement' : 'interval',
        size: fileBytes[i]?.byteLength ?? f.fileSize,
        sha256: sha256(fileBytes[i] ?? new Uint8Array()),
        provenance: f.uploadedBy
          ? `Uploaded by ${f.uploaderRole === 'admin' ? 'an admin' : 'a user'} (${f.uploadedBy})`
          : 'Uploaded',
        addedAt: f.createdAt,
        importStatus:
          f.fileType === 'pdf'
            ? null
            : f.importStatus === 'imported' || f.importStatus === 'failed'
              ? f.importStatus
              : 'pending',
        importError: f.importError,
      }));
      const series = await intervals.latestForReport(report.connectionId);
      const generatedAt = new Date();
      const input: ReportInput = {
        report: { id: report.id, version: report.version, generatedAt },
        account: {
          customerName: subject.customerName,
          customerEmail: subject.customerEmail,
          accountName: subject.accountName,
          accountNumber: subject.accountNumber,
          serviceAddress: subject.serviceAddress,
          providerName: subject.provider.name,
          providerState: subject.provider.state,
          preparedFor: subject.owner.username,
          startDate: subject.startDate,
          endDate: subject.endDate,
          usageKwh: subject.usageKwh,
          costCents: subject.costCents,
        },
        intervals: series,
        files,
      };
      const { html, summary } = renderReport(input);
      const pdf = await renderPdf(
        browser,
        html,
        `Utility report #${report.id} · version ${report.version}`,
      );
      const entries: BundleEntry[] = [
        { name: reportFileName(report.id, 'pdf'), bytes: pdf },
        { name: reportFileName(report.id, 'html'), bytes: Buffer.from(html) },
        ...subject.files.map((f, i) => ({
          name: `${f.fileType === 'pdf' ? 'statements' : 'interval-files'}/${f.fileName}`,
          bytes: fileBytes[i] ?? new Uint8Array(),
        })),
      ];
      if (series) {
        entries.push(
          { name: 'intervals-15min.csv', bytes: Buffer.from(exportIntervalCsv(series.series)) },
          { name: 'green-button-espi.xml', bytes: Buffer.from(exportEspiXml(series.series)) },
        );
      }
      const { zip, manifest } = await buildBundle(
        entries,
        {
          report: { id: report.id, version: report.version, generatedAt },
          connectionId: report.connectionId,
          summary,
        },
        generatedAt,
      );
      const prefix = `reports/${report.connectionId}/${report.id}`;
      const keys = {
        htmlKey: `${prefix}/${reportFileName(report.id, 'html')}`,
        pdfKey: `${prefix}/${reportFileName(report.id, 'pdf')}`,
        zipKey: `${prefix}/${reportFileName(report.id, 'zip')}`,
      };
      await Promise.all([
        store.put(keys.htmlKey, html, CONTENT_TYPES.html),
        store.put(keys.pdfKey, pdf, CONTENT_TYPES.pdf),
        store.put(keys.zipKey, zip, CONTENT_TYPES.zip),
      ]);
      const built = await updateReport(db, report.id, {
        status: 'ready',
        ...keys,
        manifest,
        summary: { ...summary },
        inputsHash: sha256(manifest.map((m) => m.sha256).join('\n')),
        builtAt: generatedAt,
        error: null,
      });
      delivery = { built, subject, pdfBytes: pdf.byteLength };
    } catch (error) {
      await updateReport(db, report.id, {
        status: 'failed',
        error: error instanceof Error ? error.message.slice(0, 500) : 'The build failed',
      });
      throw error;
    }
    // Built and stored: what follows never turns the version back into a failure.
    await this.deliver(delivery.built, delivery.subject, delivery.pdfBytes);
    return delivery.built;
  }

  /** Closes the paid request, announces `report.ready`, and emails the owner their links. */
  private async deliver(row: ReportRow, subject: ReportSubject, pdfBytes: number) {
    const { billing, events, mailer, config, db } = this.deps;
    if (row.usageRecordId !== null) await billing.markFulfilled(row.usageRecordId);
    const expiresAt = new Date(Date.now() + config.reportLinkTtlMs);
    const links = this.signedLinks(row.id, expiresAt);
    await events.emit('report.ready', {
      reportId: row.id,
      connectionId: row.connectionId,
      userId: row.userId,
      version: row.version,
      links,
      expiresAt: expiresAt.toISOString(),
    });
    const tellOwner = row.usageRecordId !== null || row.trigger === 'files_changed';
    if (!tellOwner || !subject.owner.email) return;
    const summary = summaryOf(row);
    const attach = pdfBytes <= ATTACH_PDF_MAX_BYTES && row.pdfKey !== null;
    const message = reportReadyMessage({
      username: subject.owner.username,
      customerName: subject.customerName,
      accountLabel: subject.accountName ?? subject.accountNumber ?? subject.customerName,
      providerName: subject.provider.name,
      reportId: row.id,
      version: row.version,
      summary: {
        periodStart: summary?.periodStart ?? null,
        periodEnd: summary?.periodEnd ?? null,
        usageKwh: summary?.usageKwh ?? null,
        costDollars: summary?.costDollars ?? null,
        peakKw: summary?.peakKw ?? null,
        coveragePct: summary?.coveragePct ?? null,
        missing: summary?.missing ?? [],
      },
      links,
      expiresAt,
      attached: attach,
    });
    await mailer.queue({
      kind: 'report_ready',
      to: subject.owner.email,
      ...message,
      attachments:
        attach && row.pdfKey
          ? [
              {
                fileName: reportFileName(row.id, 'pdf'),
                objectKey: row.pdfKey,
                contentType: CONTENT_TYPES.pdf,
              },
            ]
          : undefined,
    });
    await updateReport(db, row.id, { emailedAt: new Date() });
  }

  private signedLinks(reportId: number, expiresAt: Date) {
    const token = this.links.token(reportId, expiresAt);
    const base = `${this.deps.config.publicUrl}/api/reports/${reportId}/download`;
    return {
      html: `${base}/html?token=${token}`,
      pdf: `${base}/pdf?token=${token}`,
      zip: `${base}/zip?token=${token}`,
    };
  }

  // Reading

  /** Utility Reports view: one card per connection matching the filters, 10 a page. */
  async cards(query: ReportCardQuery): Promise<ReportCardPage> {
    const page = await this.deps.connections.list({
      search: query.search,
      providerId: query.providerId,
      status: query.status === 'all' ? undefined : query.status,
      page: query.page,
    });
    const ids = page.items.map((c) => c.id);
    const [latest, waiting] = await Promise.all([
      latestOf(this.deps.db, ids),
      this.deps.billing.connectionsWaiting(ids),
    ]);
    return {
      items: page.items.map((c) => {
        const built = latest.get(c.id);
        return {
          connectionId: c.id,
          customerName: c.customerName,
          accountName: c.accountName,
          accountNumber: c.accountNumber,
          username: c.user.username,
          provider: c.provider,
          connectionStatus: c.status,
          paidRequestOpen: waiting.has(c.id),
          latest: built ? this.toVersion(built.row) : null,
          versions: built?.versions ?? 0,
        };
      }),
      total: page.total,
      totalCapped: page.totalCapped,
      page: page.page,
      pageSize: page.pageSize,
    };
  }

  /** Every version of a connection's report: admins, and the owner once they paid. */
  async versions(connectionId: number, viewer: Viewer): Promise<ReportVersion[]> {
    await this.deps.connections.assertPaidFor(connectionId, viewer);
    return (await versionsOf(this.deps.db, connectionId)).map((r) => this.toVersion(r));
  }

  /** The newest version of each connection the user owns and paid for, newest first. */
  async mine(
    user: Viewer,
    page: Page,
  ): Promise<{ reports: ReportVersion[]; nextCursor: string | null }> {
    const paid = await this.deps.billing.paidConnections(user.id);
    const rows = await latestOfOwner(this.deps.db, user.id, [...paid], page);
    const { items, nextCursor } = pageResult(rows, page.limit, (row) => row);
    return { reports: items.map((r) => this.toVersion(r)), nextCursor };
  }

  /** A ready version the viewer may download: admins, the paying owner, or a signed link. */
  async readyFor(
    reportId: number,
    who: { viewer: Viewer | null; token: string | undefined },
  ): Promise<ReportRow> {
    const row = await findReport(this.deps.db, reportId);
    if (!row) throw notFound('Report not found');
    if (who.token !== undefined) {
      if (!this.links.verify(reportId, who.token)) {
        throw notFound('This download link is not valid or has expired');
      }
    } else if (who.viewer) {
      await this.deps.connections.assertPaidFor(row.connectionId, who.viewer).catch((error) => {
        // Someone else's report does not exist, as far as they can tell.
        throw error.statusCode === 402 ? error : notFound('Report not found');
      });
    } else {
      throw notFound('Report not found');
    }
    if (row.status !== 'ready') throw notFound('This report is not ready yet');
    return row;
  }

  /** A short-lived signed URL of one format of a ready version. */
  async downloadUrl(
    reportId: number,
    format: ReportFormat,
    who: { viewer: Viewer | null; token: string | undefined },
  ): Promise<string> {
    const row = await this.readyFor(reportId, who);
    const key = { html: row.htmlKey, pdf: row.pdfKey, zip: row.zipKey }[format];
    if (!key) throw notFound('Report not found');
    return this.deps.store.signDownload({ key, fileName: reportFileName(row.id, format) });
  }

  /** The report's HTML, for the preview overlay. */
  async previewHtml(reportId: number, viewer: Viewer): Promise<Uint8Array> {
    const row = await this.readyFor(reportId, { viewer, token: undefined });
    if (!row.htmlKey) throw notFound('Report not found');
    return this.deps.store.getBytes(row.htmlKey);
  }

  private toVersion(row: ReportRow): ReportVersion {
    const ready = row.status === 'ready';
    const base = `/api/reports/${row.id}`;
    return {
      id: row.id,
      connectionId: row.connectionId,
      version: row.version,
      status: row.status,
      trigger: row.trigger,
      error: row.error,
      summary: summaryOf(row),
      files: row.manifest ?? [],
      createdAt: row.createdAt.toISOString(),
      builtAt: row.builtAt?.toISOString() ?? null,
      emailedAt: row.emailedAt?.toISOString() ?? null,
      downloads: ready
        ? {
            html: `${base}/download/html`,
            pdf: `${base}/download/pdf`,
            zip: `${base}/download/zip`,
          }
        : null,
      previewUrl: ready ? `${base}/preview` : null,
    };
  }
}
