import { providerPlace } from '../../../common/countries.ts';
import { reportFileName } from '../../../common/reports.ts';
import { exportGasCsv, type GasAnalytics, type GasSeries } from '../../lib/intervals/gas.ts';
import { exportEspiXml, exportIntervalCsv } from '../../lib/intervals/index.ts';
import {
  type ReportBill,
  type ReportFile,
  type ReportHistoryBill,
  type ReportInput,
  type ReportSummary,
  renderReport,
} from '../../lib/report/index.ts';
import type { ReportSubject } from '../connections/service.ts';
import { type BundleEntry, sha256 } from './bundle.ts';
import { ratePlansOf, type StoredTariff } from './rate-plans.ts';
import type { ReportRow } from './records.ts';
import { storageAndSolarOf } from './storage-and-solar.ts';

/** Everything one version is made from, once read from the database and the store. */
export type LoadedInputs = {
  report: Pick<ReportRow, 'id' | 'version' | 'connectionId'>;
  subject: ReportSubject;
  /** The bytes of each of `subject.files`, in the same order. */
  fileBytes: Uint8Array[];
  /** The connection's newest imported interval series; null without interval data. */
  series: ReportInput['intervals'];
  /** The connection's newest gas series; absent or null without gas. */
  gas?: { fileName: string; series: GasSeries; analytics: GasAnalytics } | null;
  /** The owner's business logo for the cover; absent or null without one. */
  logo?: ReportInput['preparedBy']['logo'];
  /** The provider's tariffs, for the rate plans; absent or empty without any. */
  tariffs?: StoredTariff[];
  generatedAt: Date;
};

/** A version's HTML and figures, where its files go, and what its ZIP manifest says of it. */
export type AssembledReport = {
  html: string;
  summary: ReportSummary;
  pdfFooter: string;
  keys: { htmlKey: string; pdfKey: string; zipKey: string };
  about: {
    report: { id: number; version: number; generatedAt: Date };
    connectionId: number;
    summary: ReportSummary;
  };
};

type SubjectFile = ReportSubject['files'][number];

/**
 * How a file came onto the connection, as the report's file list says it: fetched by our browser
 * from the utility's website (with the page), or uploaded, alone or in a bulk upload, by whom
 * when known. The list gives each file's time beside it.
 */
function provenanceOf(f: SubjectFile): string {
  if (f.source === 'retrieved') {
    return f.sourcePage
      ? `Retrieved automatically from ${f.sourcePage}`
      : "Retrieved automatically from the utility's website";
  }
  const how = f.source === 'bulk' ? 'Uploaded in bulk' : 'Uploaded';
  return f.uploadedBy
    ? `${how} by ${f.uploaderRole === 'admin' ? 'an admin' : 'a user'} (${f.uploadedBy})`
    : how;
}

/** An interval file's import as the report shows it; one not yet read counts as pending. */
const importStatusOf = (f: SubjectFile): ReportFile['importStatus'] => {
  if (f.fileType === 'pdf') return null;
  return f.importStatus === 'imported' || f.importStatus === 'failed' ? f.importStatus : 'pending';
};

/** The connection's files as the report lists them, sized and hashed from their bytes. */
function reportFiles(files: SubjectFile[], bytes: Uint8Array[]): ReportFile[] {
  return files.map((f, i) => ({
    name: f.fileName,
    kind: f.fileType === 'pdf' ? 'statement' : 'interval',
    size: bytes[i]?.byteLength ?? f.fileSize,
    sha256: sha256(bytes[i] ?? new Uint8Array()),
    provenance: provenanceOf(f),
    addedAt: f.createdAt,
    importStatus: importStatusOf(f),
    importError: f.importError,
  }));
}

/**
 * What each statement PDF says, newest first by its printed date (undated ones last), for the
 * bill summary on the cover. A statement not yet read or without text is listed without facts.
 */
function reportBills(files: SubjectFile[]): ReportBill[] {
  const bills = files
    .filter((f) => f.fileType === 'pdf')
    .map((f): ReportBill => {
      const facts = f.statement?.hasText ? f.statement.facts : {};
      return {
        fileName: f.fileName,
        hasText: f.statement?.hasText ?? false,
        unreadReason: unreadReason(f),
        statementDate: facts.statementDate,
        periodStart: facts.periodStart,
        periodEnd: facts.periodEnd,
        rateSchedule: facts.rateSchedule,
        amountDueCents: facts.amountDueCents,
        currentChargesCents: facts.currentChargesCents,
        deliveryChargesCents: facts.deliveryChargesCents,
        generationChargesCents: facts.generationChargesCents,
        currency: facts.currency,
        dueDate: facts.dueDate,
        totalKWh: facts.totalKWh,
        accountNumber: facts.accountNumber,
        accountName: facts.accountName,
        serviceAddress: facts.serviceAddress,
      };
    });
  const dateOf = (b: ReportBill) => b.statementDate ?? b.periodEnd ?? '';
  return bills.sort((a, b) => dateOf(b).localeCompare(dateOf(a)));
}

/** The bills of the connection's billing-history CSVs, each file's in file order. */
function historyBills(files: SubjectFile[]): ReportHistoryBill[] {
  return files.flatMap((f) => (f.bills ?? []).map((bill) => ({ fileName: f.fileName, ...bill })));
}

/** Why a statement's facts are not in the report, in words; undefined when they are. */
function unreadReason(f: SubjectFile): string | undefined {
  if (f.statement?.hasText) return undefined;
  if (f.statement) return 'It has no text to read (a scan); its facts are in the file itself.';
  if (f.importStatus === 'failed')
    return `It could not be read: ${f.importError ?? 'unknown reason'}`;
  return 'It had not been read when this report was built; its facts are in the file itself.';
}

/** What the report engine renders: the account as recorded, the intervals, the files. */
export function reportInput(loaded: LoadedInputs): ReportInput {
  const { report, subject, generatedAt } = loaded;
  const bills = reportBills(subject.files);
  const ratePlans = ratePlansOf(loaded.series, bills, loaded.tariffs ?? []);
  return {
    report: { id: report.id, version: report.version, generatedAt },
    account: {
      customerName: subject.customerName,
      customerEmail: subject.customerEmail,
      accountName: subject.accountName,
      accountNumber: subject.accountNumber,
      serviceAddress: subject.serviceAddress,
      providerName: subject.provider.name,
      providerState: providerPlace(subject.provider),
      providerTimeZone: subject.provider.timeZone,
      startDate: subject.startDate,
      endDate: subject.endDate,
      usageKwh: subject.usageKwh,
      costCents: subject.costCents,
    },
    // The report goes to the professional themself: without a company name, their username.
    preparedBy: {
      name: subject.owner.companyName?.trim() || subject.owner.username,
      logo: loaded.logo ?? null,
    },
    intervals: loaded.series,
    gas: loaded.gas
      ? {
          fileName: loaded.gas.fileName,
          analytics: loaded.gas.analytics,
          notes: loaded.gas.series.notes,
        }
      : null,
    files: reportFiles(subject.files, loaded.fileBytes),
    bills,
    billingHistory: historyBills(subject.files),
    ratePlans,
    storageAndSolar: storageAndSolarOf(loaded.series, ratePlans, loaded.tariffs ?? []),
  };
}

/**
 * Assembles a version from what was loaded, without a database, a store or a browser: the
 * rendered HTML and its headline figures, the PDF's footer, the storage keys of the three
 * files, and what the ZIP's manifest says of the report.
 */
export function assembleReport(loaded: LoadedInputs): AssembledReport {
  const { report, generatedAt } = loaded;
  const { html, summary } = renderReport(reportInput(loaded));
  const prefix = `reports/${report.connectionId}/${report.id}`;
  return {
    html,
    summary,
    pdfFooter: `Utility report #${report.id} · version ${report.version}`,
    keys: {
      htmlKey: `${prefix}/${reportFileName(report.id, 'html')}`,
      pdfKey: `${prefix}/${reportFileName(report.id, 'pdf')}`,
      zipKey: `${prefix}/${reportFileName(report.id, 'zip')}`,
    },
    about: {
      report: { id: report.id, version: report.version, generatedAt },
      connectionId: report.connectionId,
      summary,
    },
  };
}

/**
 * What the ZIP holds: the report as PDF and HTML, every file of the connection by kind, and,
 * with interval data, the series as a 15-minute CSV and as Green Button XML.
 */
export function bundleEntries(loaded: LoadedInputs, html: string, pdf: Uint8Array): BundleEntry[] {
  const { report, subject, series } = loaded;
  const entries: BundleEntry[] = [
    { name: reportFileName(report.id, 'pdf'), bytes: pdf },
    { name: reportFileName(report.id, 'html'), bytes: Buffer.from(html) },
    ...subject.files.map((f, i) => ({
      name: `${f.fileType === 'pdf' ? 'statements' : 'interval-files'}/${f.fileName}`,
      bytes: loaded.fileBytes[i] ?? new Uint8Array(),
    })),
  ];
  if (series) {
    entries.push(
      { name: 'intervals-15min.csv', bytes: Buffer.from(exportIntervalCsv(series.series)) },
      { name: 'green-button-espi.xml', bytes: Buffer.from(exportEspiXml(series.series)) },
    );
  }
  if (loaded.gas) {
    entries.push({
      name: `gas-${loaded.gas.series.unit}.csv`,
      bytes: Buffer.from(exportGasCsv(loaded.gas.series)),
    });
  }
  return entries;
}
