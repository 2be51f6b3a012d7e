import {
  type Connection,
  type ConnectionStatus,
  ConnectionUpdate,
  type FileRecord,
  fileTypeOf,
} from '@common/connections.ts';
import type { UploadedFile } from '@/components/upload-button/types.ts';

/** The edit modal's fields as its inputs hold them (an empty string means none). */
export type ConnectionFormValues = {
  startDate: string;
  endDate: string;
  usage: string;
  cost: string;
  status: ConnectionStatus;
  notes: string;
  accountName: string;
  accountNumber: string;
  serviceAddress: string;
};

export type ConnectionFormField = keyof ConnectionFormValues;

export function connectionFormValues(connection: Connection): ConnectionFormValues {
  return {
    startDate: connection.startDate ?? '',
    endDate: connection.endDate ?? '',
    usage: connection.usage === null ? '' : String(connection.usage),
    cost: connection.cost === null ? '' : String(connection.cost),
    status: connection.status,
    notes: connection.notes ?? '',
    accountName: connection.accountName ?? '',
    accountNumber: connection.accountNumber ?? '',
    serviceAddress: connection.serviceAddress ?? '',
  };
}

/** What the admin typed over the connection: untouched fields follow the server (an import). */
export type ConnectionEdits = Partial<ConnectionFormValues>;

export function shownValues(base: ConnectionFormValues, edits: ConnectionEdits) {
  return { ...base, ...edits };
}

function same(field: ConnectionFormField, a: string, b: string): boolean {
  if (field === 'usage' || field === 'cost') {
    if (a.trim() === '' || b.trim() === '') return a.trim() === b.trim();
    return Number(a) === Number(b);
  }
  return a.trim() === b.trim();
}

export type CheckedUpdate = { ok: true; body: ConnectionUpdate } | { ok: false; message: string };

/**
 * The PUT body: only the fields the admin changed. Sending usage, cost or dates tells the server
 * they were set by hand (an interval import then leaves them alone), so a status change alone
 * must not send them. Checked with the server's own schema, so the message is the server's.
 */
export function checkConnectionUpdate(
  base: ConnectionFormValues,
  edits: ConnectionEdits,
): CheckedUpdate {
  const changed: Record<string, string> = {};
  for (const [field, value] of Object.entries(edits) as [ConnectionFormField, string][]) {
    if (value !== undefined && !same(field, value, base[field])) changed[field] = value.trim();
  }
  const shown = shownValues(base, edits);
  if (shown.startDate && shown.endDate && shown.startDate > shown.endDate) {
    return { ok: false, message: 'The start date must be on or before the end date' };
  }
  const parsed = ConnectionUpdate.safeParse(changed);
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Please check the fields' };
}

/** What PUT /api/connections/:id/files records for an uploaded file. */
export function fileRecordOf(file: UploadedFile): FileRecord {
  return {
    fileUrl: file.uploadURL,
    fileName: file.name,
    fileType: fileTypeOf(file.name),
    fileSize: file.size,
  };
}
