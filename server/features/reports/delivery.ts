import { type ReportFormat, reportFileName } from '../../../common/reports.ts';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../../lib/events.ts';
import { type Mailer, reportReadyMessage } from '../../lib/mail/index.ts';
import { paymentNeededMessage } from '../../lib/mail/payment-needed-message.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';
import type { BillingService } from '../billing/service.ts';
import type { ReportSubject } from '../connections/service.ts';
import { emailWanted } from '../notifications/service.ts';
import type { AssembledReport } from './assemble.ts';
import { type ManifestEntry, sha256 } from './bundle.ts';
import type { BuildLease } from './lease.ts';
import type { ReportLinks } from './links.ts';
import { type ReportRow, summaryOf, updateReport } from './records.ts';

/** A report PDF up to this size travels with the email; larger ones only by link. */
const ATTACH_PDF_MAX_BYTES = 2 * 1024 * 1024;

const CONTENT_TYPES: Record<ReportFormat, string> = {
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

/**
 * Stores a built version's three files and marks it ready, with its manifest, its figures and
 * one hash over the hashes of everything its ZIP holds. Undefined when the build lost its lease
 * to another run meanwhile: that run's outcome is the version's.
 */
export async function storeVersion(
  deps: { store: ObjectStore },
  lease: Pick<BuildLease, 'settle'>,
  assembled: AssembledReport,
  built: { pdf: Buffer; zip: Buffer; manifest: ManifestEntry[]; builtAt: Date },
): Promise<ReportRow | undefined> {
  const { keys, html, summary } = assembled;
  const { pdf, zip, manifest, builtAt } = built;
  await Promise.all([
    deps.store.put(keys.htmlKey, html, CONTENT_TYPES.html),
    deps.store.put(keys.pdfKey, pdf, CONTENT_TYPES.pdf),
    deps.store.put(keys.zipKey, zip, CONTENT_TYPES.zip),
  ]);
  return lease.settle({
    status: 'ready',
    ...keys,
    manifest,
    summary: { ...summary },
    inputsHash: sha256(manifest.map((m) => m.sha256).join('\n')),
    builtAt,
    error: null,
  });
}

export type AnnounceDeps = {
  db: Db;
  billing: BillingService;
  events: DomainEvents;
  mailer: Mailer;
  links: ReportLinks;
  config: { publicUrl: string; reportLinkTtlMs: number };
};

/** Download links of a version's three formats, signed to work without an account until `expiresAt`. */
function signedLinks(deps: AnnounceDeps, reportId: number, expiresAt: Date) {
  const token = deps.links.token(reportId, expiresAt);
  const base = `${deps.config.publicUrl}/api/reports/${reportId}/download`;
  return {
    html: `${base}/html?token=${token}`,
    pdf: `${base}/pdf?token=${token}`,
    zip: `${base}/zip?token=${token}`,
  };
}

/**
 * Has the request charged when it waited for its report, then closes it, announces
 * `report.ready`, and emails the owner their links when they asked for the report or it
 * changed under them (new files); the PDF is attached when small enough. A report whose
 * charge did not go through is not delivered: the owner is told why and what to do.
 */
export async function announceVersion(
  deps: AnnounceDeps,
  row: ReportRow,
  subject: ReportSubject,
  pdfBytes: number,
): Promise<void> {
  const { billing, events, mailer, config, db } = deps;
  if (row.usageRecordId !== null) {
    const charge = await billing.chargeForDelivery(row.usageRecordId);
    if (charge.outcome === 'declined' || charge.outcome === 'confirm') {
      await askForPayment(deps, row.userId, subject, charge);
      await events.emit('report.payment_needed', {
        usageRecordId: row.usageRecordId,
        connectionId: row.connectionId,
        reason: charge.outcome,
      });
      return;
    }
    // Charged by another run or settled later: that one delivers (or a new build does). A
    // request refunded or cancelled meanwhile has nothing to deliver: the version stays for
    // admins.
    if (charge.outcome === 'later' || charge.outcome === 'closed') return;
    await billing.markFulfilled(row.usageRecordId);
  }
  const expiresAt = new Date(Date.now() + config.reportLinkTtlMs);
  const links = signedLinks(deps, row.id, expiresAt);
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
  if (!(await emailWanted(db, row.userId, 'report_ready'))) return;
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
    connectionId: row.connectionId,
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

/** The charge made on delivery did not go through: the owner learns it, and what to do. */
async function askForPayment(
  deps: AnnounceDeps,
  userId: number,
  subject: ReportSubject,
  charge: { outcome: 'declined' | 'confirm'; message: string; amountCents: number },
) {
  if (!subject.owner.email) return;
  if (!(await emailWanted(deps.db, userId, 'payment_needed'))) return;
  await deps.mailer.queue({
    kind: 'payment_needed',
    to: subject.owner.email,
    connectionId: subject.id,
    ...paymentNeededMessage({
      username: subject.owner.username,
      customerName: subject.customerName,
      providerName: subject.provider.name,
      amountCents: charge.amountCents,
      reason: charge.outcome,
      detail: charge.message,
      dashboardUrl: `${deps.config.publicUrl}/dashboard`,
    }),
  });
}
