import { and, eq, isNotNull, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { HistoryBill, Statement } from '../../../common/connections.ts';
import type { Db, Executor } from '../../db/client.ts';
import { connectionFiles, connections, providers, users } from '../../db/schema.ts';
import { storableText } from '../../lib/errors.ts';
import type { CredentialVault } from '../../lib/vault.ts';
import { openCredentials, openPortalSession } from './credentials.ts';

/** What the background login check needs of a connection; null when it is gone. */
export async function loginSubject(db: Db, vault: CredentialVault, connectionId: number) {
  const [row] = await db
    .select()
    .from(connections)
    .where(eq(connections.id, connectionId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    providerId: row.providerId,
    submittedAt: row.createdAt,
    /** Opened only for the login itself; null once purged. Never logged. */
    credentials: openCredentials(vault, row),
    /** The portal session kept after a login with a code; null when none. */
    portalSession: openPortalSession(vault, row),
  };
}

export async function writeVerification(
  db: Db,
  connectionId: number,
  verified: boolean | null,
  message: string,
) {
  await db
    .update(connections)
    .set({ credentialsVerified: verified, verificationMessage: message, verifiedAt: new Date() })
    .where(eq(connections.id, connectionId));
}

/** When any worker last checked a login at this provider's portal (null: never). */
export async function lastCheckAt(db: Db, providerId: number): Promise<Date | null> {
  const [last] = await db
    .select({ at: max(connections.verifiedAt) })
    .from(connections)
    .where(and(eq(connections.providerId, providerId), isNotNull(connections.verifiedAt)));
  return last?.at ?? null;
}

/** An interval file to import and what its connection lets the import change. */
export async function importSubject(db: Db, fileId: number) {
  const [row] = await db
    .select({
      file: {
        id: connectionFiles.id,
        connectionId: connectionFiles.connectionId,
        objectKey: connectionFiles.objectKey,
        fileType: connectionFiles.fileType,
      },
      providerId: connections.providerId,
      figuresSetManually: connections.figuresSetManually,
    })
    .from(connectionFiles)
    .innerJoin(connections, eq(connections.id, connectionFiles.connectionId))
    .where(eq(connectionFiles.id, fileId))
    .limit(1);
  return row ?? null;
}

/** The figures an imported interval series gives a connection. */
export type ImportedFigures = {
  usageKwh: number;
  /** Dollars; undefined when the file carries no cost. */
  cost: number | undefined;
  startDate: string;
  endDate: string;
};

/**
 * Records an import's outcome on the file and, unless an admin typed them, the figures on its
 * connection. Pass the transaction that stored the series so both land together.
 */
export async function writeImport(
  db: Executor,
  file: { id: number; connectionId: number },
  outcome: { status: 'imported' } | { status: 'failed'; error: string },
  figures?: ImportedFigures,
) {
  await db
    .update(connectionFiles)
    .set({
      importStatus: outcome.status,
      importError: outcome.status === 'failed' ? storableText(outcome.error) : null,
      // Interval data or a failure: no bills read from this file stand.
      bills: null,
    })
    .where(eq(connectionFiles.id, file.id));
  if (!figures) return;
  await db
    .update(connections)
    .set({
      usageKwh: figures.usageKwh.toFixed(3),
      costCents: figures.cost === undefined ? undefined : Math.round(figures.cost * 100),
      startDate: figures.startDate,
      endDate: figures.endDate,
      updatedAt: new Date(),
    })
    .where(and(eq(connections.id, file.connectionId), eq(connections.figuresSetManually, false)));
}

/**
 * Records what a statement PDF says and lets it fill the connection: the account name, number
 * and service address where empty, and the period, usage and cost unless an admin typed them or
 * interval data gave them (a year of intervals says more than one month's bill). Only the newest
 * statement (by its date) fills them.
 */
export async function writeStatement(
  db: Db,
  file: { id: number; connectionId: number },
  statement: Statement,
) {
  await db
    .update(connectionFiles)
    .set({ importStatus: 'imported', importError: null, statement })
    .where(eq(connectionFiles.id, file.id));
  const facts = statement.facts;
  if (!statement.hasText) return;
  const others = await otherFiles(db, file);
  const newer = others.some((o) => {
    const date = newestBillDate(o);
    return date !== undefined && (facts.statementDate === undefined || date > facts.statementDate);
  });
  if (newer) return;
  const intervalsImported = others.some(isIntervalData);
  const cents = facts.currentChargesCents ?? facts.amountDueCents;
  const figures =
    intervalsImported || facts.periodStart === undefined || facts.periodEnd === undefined
      ? undefined
      : {
          startDate: facts.periodStart,
          endDate: facts.periodEnd,
          usageKwh: facts.totalKWh === undefined ? undefined : facts.totalKWh.toFixed(3),
          costCents: cents,
        };
  const [row] = await db
    .select({ manual: connections.figuresSetManually })
    .from(connections)
    .where(eq(connections.id, file.connectionId));
  if (!row) return;
  await db
    .update(connections)
    .set({
      accountName: sql`coalesce(${connections.accountName}, ${facts.accountName ?? null})`,
      accountNumber: sql`coalesce(${connections.accountNumber}, ${facts.accountNumber ?? null})`,
      serviceAddress: sql`coalesce(${connections.serviceAddress}, ${facts.serviceAddress ?? null})`,
      ...(figures && !row.manual ? figures : {}),
      updatedAt: new Date(),
    })
    .where(eq(connections.id, file.connectionId));
}

/** The connection's other files, with what was read from them. */
async function otherFiles(db: Db, file: { id: number; connectionId: number }) {
  const rows = await db
    .select({
      id: connectionFiles.id,
      type: connectionFiles.fileType,
      status: connectionFiles.importStatus,
      statement: connectionFiles.statement,
      bills: connectionFiles.bills,
    })
    .from(connectionFiles)
    .where(eq(connectionFiles.connectionId, file.connectionId));
  return rows
    .filter((o) => o.id !== file.id)
    .map((o) => ({
      ...o,
      statement: o.statement as Statement | null,
      bills: o.bills as HistoryBill[] | null,
    }));
}

type OtherFile = Awaited<ReturnType<typeof otherFiles>>[number];

/** An imported CSV or XML that is not a billing history: interval data. */
const isIntervalData = (o: OtherFile) => o.type === 'csv' && o.status === 'imported' && !o.bills;

/** A history bill's date: its statement's, else its period's last day. */
const historyBillDate = (b: HistoryBill) => b.statementDate ?? b.periodEnd;

/** The date of the newest bill a file carries: a statement's own, or a billing history's. */
function newestBillDate(o: OtherFile): string | undefined {
  if (o.statement?.facts.statementDate) return o.statement.facts.statementDate;
  const dates = (o.bills ?? []).map(historyBillDate).sort();
  return dates.at(-1);
}

/**
 * Records the bills read from a billing-history CSV (not interval data), with a note saying so,
 * and lets its newest bill fill the connection on the same terms as a statement: the period, the
 * usage (in kWh only: therms are not kWh) and the amount, unless an admin typed them, interval
 * data gave them, or a statement or another history has a newer bill.
 */
export async function writeBillingHistory(
  db: Db,
  file: { id: number; connectionId: number },
  bills: HistoryBill[],
  note: string,
) {
  await db
    .update(connectionFiles)
    .set({ importStatus: 'imported', importError: storableText(note), bills })
    .where(eq(connectionFiles.id, file.id));
  const newest = [...bills]
    .sort((a, b) => historyBillDate(a).localeCompare(historyBillDate(b)))
    .at(-1);
  if (!newest) return;
  const others = await otherFiles(db, file);
  if (others.some(isIntervalData)) return;
  const date = historyBillDate(newest);
  if (others.some((o) => (newestBillDate(o) ?? '') > date)) return;
  await db
    .update(connections)
    .set({
      startDate: newest.periodStart,
      endDate: newest.periodEnd,
      usageKwh:
        newest.unit === 'kWh' && newest.usage !== null ? newest.usage.toFixed(3) : undefined,
      costCents: newest.costCents ?? undefined,
      updatedAt: new Date(),
    })
    .where(and(eq(connections.id, file.connectionId), eq(connections.figuresSetManually, false)));
}

/** The bills of a connection's billing-history files, each file's in file order. */
export async function billingHistoriesOf(db: Db, connectionId: number) {
  const rows = await db
    .select({ fileName: connectionFiles.fileName, bills: connectionFiles.bills })
    .from(connectionFiles)
    .where(and(eq(connectionFiles.connectionId, connectionId), isNotNull(connectionFiles.bills)))
    .orderBy(connectionFiles.createdAt, connectionFiles.id);
  return rows.map((r) => ({ fileName: r.fileName, bills: r.bills as HistoryBill[] }));
}

/** The statements read on a connection's PDFs, newest first by their own date. */
export async function statementsOf(db: Db, connectionId: number) {
  const rows = await db
    .select({ fileName: connectionFiles.fileName, statement: connectionFiles.statement })
    .from(connectionFiles)
    .where(
      and(eq(connectionFiles.connectionId, connectionId), isNotNull(connectionFiles.statement)),
    );
  return rows
    .map((r) => ({ fileName: r.fileName, statement: r.statement as Statement }))
    .sort((a, b) =>
      (b.statement.facts.statementDate ?? '').localeCompare(a.statement.facts.statementDate ?? ''),
    );
}

/**
 * What a report is built from: the connection's facts, its provider and owner, and its files
 * with their object keys and who added them. Never the credentials. null when it is gone.
 */
export async function reportSubject(
  db: Db,
  connectionId: number,
  /** false: no files (an email about the connection needs none), one statement fewer. */
  withFiles = true,
) {
  const [row] = await db
    .select({
      id: connections.id,
      userId: connections.userId,
      status: connections.status,
      customerName: connections.customerName,
      customerEmail: connections.customerEmail,
      accountName: connections.accountName,
      accountNumber: connections.accountNumber,
      serviceAddress: connections.serviceAddress,
      startDate: connections.startDate,
      endDate: connections.endDate,
      usageKwh: connections.usageKwh,
      costCents: connections.costCents,
      provider: {
        name: providers.name,
        country: providers.country,
        state: providers.state,
        timeZone: providers.timeZone,
      },
      owner: {
        username: users.username,
        email: users.email,
        companyName: users.companyName,
        replyToEmail: users.replyToEmail,
        logoKey: users.logoKey,
        logoContentType: users.logoContentType,
      },
    })
    .from(connections)
    .innerJoin(providers, eq(providers.id, connections.providerId))
    .innerJoin(users, eq(users.id, connections.userId))
    .where(eq(connections.id, connectionId))
    .limit(1);
  if (!row) return null;
  const uploader = alias(users, 'uploader');
  const files = !withFiles
    ? []
    : await db
        .select({
          id: connectionFiles.id,
          objectKey: connectionFiles.objectKey,
          fileName: connectionFiles.fileName,
          fileType: connectionFiles.fileType,
          fileSize: connectionFiles.fileSize,
          importStatus: connectionFiles.importStatus,
          importError: connectionFiles.importError,
          statement: connectionFiles.statement,
          bills: connectionFiles.bills,
          createdAt: connectionFiles.createdAt,
          uploadedBy: uploader.username,
          uploaderRole: uploader.role,
          source: connectionFiles.source,
          sourcePage: connectionFiles.sourcePage,
        })
        .from(connectionFiles)
        .leftJoin(uploader, eq(uploader.id, connectionFiles.uploadedBy))
        .where(eq(connectionFiles.connectionId, connectionId))
        .orderBy(connectionFiles.createdAt, connectionFiles.id);
  return {
    ...row,
    usageKwh: row.usageKwh === null ? null : Number(row.usageKwh),
    files: files.map((f) => ({
      ...f,
      statement: f.statement as Statement | null,
      bills: f.bills as HistoryBill[] | null,
    })),
  };
}

export type ReportSubject = NonNullable<Awaited<ReturnType<typeof reportSubject>>>;
