import type { FastifyBaseLogger } from 'fastify';
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
import type { JobQueue } from '../../lib/jobs/queue.ts';
import type { Mailer } from '../../lib/mail/index.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';
import type { BillingService } from '../billing/service.ts';
import type { ConnectionsService, ReportSubject, Viewer } from '../connections/service.ts';
import type { IntervalsService } from '../intervals/service.ts';
import { assembleReport, bundleEntries } from './assemble.ts';
import { buildBundle } from './bundle.ts';
import { announceVersion, storeVersion } from './delivery.ts';
import { eraseReportsOf } from './erase.ts';
import { buildReportJob, recoverBuildsJob } from './jobs.ts';
import { BuildLease } from './lease.ts';
import { ReportLinks } from './links.ts';
import { loadInputs } from './load-inputs.ts';
import { renderPdf } from './pdf.ts';
import {
  abandonedBuilds,
  BUILD_LEASE_MS,
  findReport,
  insertVersion,
  latestOf,
  latestOfOwner,
  queuedVersion,
  type ReportRow,
  type ReportTrigger,
  updateReport,
  versionsOf,
} from './records.ts';
import { reportCards, toVersion } from './views.ts';

/**
 * Reports: the feature owns `reports`. A request on a complete connection (paid, or charged
 * once its report exists), an admin's Build, or new files on a delivered report add a
 * version; a job builds it (HTML, PDF, ZIP), has the request charged if it waited for the
 * report, closes it, announces `report.ready` and emails the owner.
 */
export class ReportsService {
  private readonly links: ReportLinks;
  /** The builds running in this process, which a stop hands back. */
  private readonly running = new Set<BuildLease>();

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

  /** A deleted account's reports: their files in the store, then the rows. */
  eraseOwnedBy(userId: number): Promise<void> {
    return eraseReportsOf(this.deps, userId);
  }

  // What starts a build

  /** A report was paid for: built now if the connection is complete, else when it is. */
  async onRequested(connectionId: number, usageRecordId: number): Promise<void> {
    const subject = await this.deps.connections.reportSubject(connectionId);
    if (subject?.status !== 'complete') return;
    await this.requestBuild(subject, 'paid', null, usageRecordId);
  }

  /**
   * A connection became complete: a request waiting for it (paid, or charged on delivery)
   * gets its report.
   */
  async onCompleted(connectionId: number): Promise<void> {
    const waiting = await this.deps.billing.requestWaiting(connectionId);
    if (!waiting) return;
    const subject = await this.deps.connections.reportSubject(connectionId);
    if (subject?.status !== 'complete') return;
    await this.requestBuild(subject, 'paid', null, waiting.id);
  }

  /** A file arrived on a complete connection whose report exists: a new version follows. */
  async onFilesChanged(connectionId: number): Promise<void> {
    const subject = await this.deps.connections.reportSubject(connectionId);
    if (subject?.status !== 'complete') return;
    const waiting = await this.deps.billing.requestWaiting(connectionId);
    if (waiting) return this.requestBuild(subject, 'paid', null, waiting.id).then(() => {});
    const built = (await latestOf(this.deps.db, [connectionId])).get(connectionId);
    if (!built) return;
    await this.requestBuild(subject, 'files_changed', null, null);
  }

  /** Build / Rebuild from the Utility Reports view. */
  async buildNow(connectionId: number, admin: Viewer): Promise<ReportVersion> {
    const subject = await this.deps.connections.reportSubject(connectionId);
    if (!subject) throw notFound('Connection not found');
    const waiting = await this.deps.billing.requestWaiting(connectionId);
    const row = await this.requestBuild(subject, 'admin', admin.id, waiting?.id ?? null);
    return toVersion(row);
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
   * Builds one version: loads the connection's files and series, assembles the report, prints
   * the PDF, packs the ZIP and stores the three; then closes the paid request and tells the
   * owner. A version already built (a retried job), or one another run holds, is left alone.
   * The run holds the version by a lease it renews while it works (`BuildLease`): a build cut
   * off by a crash is taken up again once its lease lapses.
   */
  async build(reportId: number, log?: FastifyBaseLogger): Promise<ReportRow | undefined> {
    const { db, browser } = this.deps;
    const claimed = await BuildLease.claim(
      db,
      reportId,
      (at) => this.deps.queue.enqueue(recoverBuildsJob, { reportId }, { startAfter: at }),
      (err, what) => log?.warn({ err, reportId }, `could not ${what}`),
    );
    if (!claimed) return findReport(db, reportId);
    const { lease, report } = claimed;
    this.running.add(lease);
    let built: { row: ReportRow; subject: ReportSubject; pdfBytes: number };
    try {
      const loaded = await loadInputs(this.deps, report);
      const assembled = assembleReport(loaded);
      const pdf = await renderPdf(browser, assembled.html, assembled.pdfFooter);
      const entries = bundleEntries(loaded, assembled.html, pdf);
      const { zip, manifest } = await buildBundle(entries, assembled.about, loaded.generatedAt);
      // The files go under the version's fixed keys: only the run holding it writes them.
      const row = (await lease.hold())
        ? await storeVersion(this.deps, lease, assembled, {
            pdf,
            zip,
            manifest,
            builtAt: loaded.generatedAt,
          })
        : undefined;
      // Taken over by another run (this one stalled past its lease): that run delivers it.
      if (!row) return findReport(db, reportId);
      built = { row, subject: loaded.subject, pdfBytes: pdf.byteLength };
    } catch (error) {
      const failed = await lease.settle({
        status: 'failed',
        error: error instanceof Error ? error.message.slice(0, 500) : 'The build failed',
      });
      // A run that lost the version leaves its outcome to the run that holds it.
      if (!failed) return findReport(db, reportId);
      throw error;
    } finally {
      lease.stop();
      this.running.delete(lease);
    }
    // Built and stored: what follows never turns the version back into a failure.
    await announceVersion(
      { ...this.deps, links: this.links },
      built.row,
      built.subject,
      built.pdfBytes,
    );
    return built.row;
  }

  /**
   * The process is stopping: every build still running here lets go of its version, which is
   * queued again at once for another worker. The runs themselves end without writing anything.
   */
  async handBack(): Promise<number[]> {
    const handed: number[] = [];
    for (const lease of [...this.running]) {
      this.running.delete(lease);
      if (!(await lease.release())) continue;
      handed.push(lease.reportId);
      await this.deps.queue.enqueue(buildReportJob, { reportId: lease.reportId });
    }
    return handed;
  }

  /**
   * Queues the build again of every version whose build was cut off (its lease lapsed with no
   * run renewing it), or of the one asked about. A job per version and lease period at most;
   * a second one would find the version claimed and stop.
   */
  async recoverAbandoned(reportId?: number): Promise<number[]> {
    const ids = await abandonedBuilds(this.deps.db, new Date(), reportId);
    for (const id of ids) {
      await this.deps.queue.enqueue(
        buildReportJob,
        { reportId: id },
        { singletonKey: `report-${id}`, singletonSeconds: BUILD_LEASE_MS / 1000 },
      );
    }
    return ids;
  }

  // Reading

  /** Utility Reports view: one card per connection matching the filters, 10 a page. */
  cards(query: ReportCardQuery): Promise<ReportCardPage> {
    return reportCards(this.deps, query);
  }

  /** Every version of a connection's report: admins, and the owner once they paid. */
  async versions(connectionId: number, viewer: Viewer): Promise<ReportVersion[]> {
    await this.deps.connections.assertPaidFor(connectionId, viewer);
    return (await versionsOf(this.deps.db, connectionId)).map(toVersion);
  }

  /** The newest version of each connection the user owns and paid for, newest first. */
  async mine(
    user: Viewer,
    page: Page,
  ): Promise<{ reports: ReportVersion[]; nextCursor: string | null }> {
    const paid = await this.deps.billing.paidConnections(user.id);
    const rows = await latestOfOwner(this.deps.db, user.id, [...paid], page);
    const { items, nextCursor } = pageResult(rows, page.limit, (row) => row);
    return { reports: items.map(toVersion), nextCursor };
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
}
