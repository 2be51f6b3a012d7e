import type {
  Connection,
  ConnectionFile,
  RetrievalSummary,
  Statement,
} from '../../../common/connections.ts';
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
    source: row.source,
    sourcePage: row.sourcePage,
    createdAt: row.createdAt.toISOString(),
  };
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
    usage: row.usageKwh === null ? null : Number(row.usageKwh),
    cost: row.costCents === null ? null : row.costCents / 100,
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
