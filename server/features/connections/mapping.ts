import type {
  Connection,
  ConnectionFile,
  HistoryBill,
  RetrievalSummary,
  Statement,
} from '../../../common/connections.ts';
import { credentialsStateOf, OWNER_CREDENTIALS_NOTES } from '../../../common/credentials-state.ts';
import { kwhData, moneyData } from '../../../common/quantities.ts';
import type { connectionFiles, connections } from '../../db/schema.ts';

export type ConnectionRow = typeof connections.$inferSelect;
export type FileRow = typeof connectionFiles.$inferSelect;

export function toConnectionFile(row: FileRow): ConnectionFile {
  return {
    id: row.id,
    connectionId: row.connectionId,
    fileUrl: `/api/files/${row.id}/download`,
    fileName: row.fileName,
    fileType: row.fileType,
    fileSize: row.fileSize,
    importStatus: (row.importStatus as ConnectionFile['importStatus']) ?? null,
    importError: row.importError,
    statement: (row.statement as Statement | null) ?? null,
    bills: (row.bills as HistoryBill[] | null) ?? null,
    source: row.source,
    sourcePage: row.sourcePage,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A connection as its owner reads it. The login check's message and the retrieval's sentence are
 * written for admins (host names, error codes, the provider's selectors): the owner gets the
 * plain note for the login's state, and what the retrieval found in plain words.
 */
export function forOwner(connection: Connection): Connection {
  const state = credentialsStateOf(connection);
  const note = state === 'failed' || state === 'unchecked' ? OWNER_CREDENTIALS_NOTES[state] : null;
  const { retrieval } = connection;
  return {
    ...connection,
    verificationMessage: note,
    retrieval: retrieval && { ...retrieval, message: retrievalWords(retrieval) },
  };
}

function retrievalWords({ bills, intervalExport }: RetrievalSummary): string {
  const found = `${bills} ${bills === 1 ? 'bill' : 'bills'}`;
  return intervalExport === 'found'
    ? `We found ${found} and the usage data on the utility's website.`
    : `We found ${found} on the utility's website; our team gets the usage data another way.`;
}

export function toConnection(
  row: ConnectionRow,
  provider: { id: number; name: string; state: string },
  user: { id: number; username: string },
  files: FileRow[],
): Connection {
  return {
    id: row.id,
    providerId: row.providerId,
    provider,
    user,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    accountName: row.accountName,
    accountNumber: row.accountNumber,
    serviceAddress: row.serviceAddress,
    startDate: row.startDate,
    endDate: row.endDate,
    // Stored as numeric(14,3) kWh and whole cents; given as data by the product's rule.
    usage: row.usageKwh === null ? null : kwhData(Number(row.usageKwh)),
    cost: row.costCents === null ? null : moneyData(row.costCents / 100),
    status: row.status,
    notes: row.notes,
    customerNotes: row.customerNotes,
    hasCredentials: Boolean(row.utilityUsernameSealed && row.utilityPasswordSealed),
    credentialsPurgedAt: row.credentialsPurgedAt?.toISOString() ?? null,
    credentialsVerified: row.credentialsVerified,
    verificationMessage: row.verificationMessage,
    retrieval: (row.retrieval as RetrievalSummary | null) ?? null,
    consentAt: row.consentAt?.toISOString() ?? null,
    files: files.map(toConnectionFile),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
