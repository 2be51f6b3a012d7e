import { eq } from 'drizzle-orm';
import { type FileRecord, fileTypeOf } from '../../../common/connections.ts';
import { MAX_CONNECTION_FILE_BYTES } from '../../../common/constants.ts';
import type { Db } from '../../db/client.ts';
import { connectionFiles, connections } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';
import { keyFromUploadUrl, PREFIX } from '../objects/service.ts';
import { findConnectionRow, type Viewer } from './access.ts';
import { type FileRow, toConnectionFile } from './mapping.ts';

export async function listFiles(db: Db, connectionId: number, viewer: Viewer) {
  await findConnectionRow(db, connectionId, viewer);
  const rows = await db
    .select()
    .from(connectionFiles)
    .where(eq(connectionFiles.connectionId, connectionId))
    .orderBy(connectionFiles.createdAt, connectionFiles.id);
  return rows.map(toConnectionFile);
}

/**
 * Records an uploaded file on a connection after checking what was really stored: it must
 * exist under the uploads folder and be at most 10 MB (an oversize object is deleted).
 */
export async function recordFile(
  db: Db,
  store: ObjectStore,
  connectionId: number,
  record: FileRecord,
  actor: Viewer,
) {
  await findConnectionRow(db, connectionId, actor);
  const key = keyFromUploadUrl(record.fileUrl, PREFIX['connection-file']);
  if (!key) throw badRequest('This is not an uploaded file');
  const info = await store.head(key);
  if (!info) throw badRequest('The file was not uploaded');
  if (info.size > MAX_CONNECTION_FILE_BYTES) {
    await store.delete(key);
    throw badRequest(`Files must be at most ${MAX_CONNECTION_FILE_BYTES} bytes`);
  }
  const [taken] = await db
    .select({ id: connectionFiles.id })
    .from(connectionFiles)
    .where(eq(connectionFiles.objectKey, key));
  if (taken) throw conflict('This file is already recorded');
  const [row] = await db
    .insert(connectionFiles)
    .values({
      connectionId,
      objectKey: key,
      fileName: record.fileName,
      fileType: fileTypeOf(record.fileName),
      fileSize: info.size,
      uploadedBy: actor.id,
      source: record.bulk ? 'bulk' : 'upload',
      // Every file is read: interval data from CSV/XML, a statement's facts from a PDF.
      importStatus: 'pending',
    })
    .returning();
  await db
    .update(connections)
    .set({ updatedAt: new Date() })
    .where(eq(connections.id, connectionId));
  if (!row) throw new Error('insert returned no row');
  return toConnectionFile(row);
}

/** A file the viewer may reach: admins any, users those of their own connections. */
async function findFile(db: Db, fileId: number, viewer: Viewer): Promise<FileRow> {
  const [row] = await db
    .select()
    .from(connectionFiles)
    .where(eq(connectionFiles.id, fileId))
    .limit(1);
  if (!row) throw notFound('File not found');
  await findConnectionRow(db, row.connectionId, viewer).catch(() => {
    throw notFound('File not found');
  });
  return row;
}

export async function deleteFile(db: Db, store: ObjectStore, fileId: number, actor: Viewer) {
  const row = await findFile(db, fileId, actor);
  await db.delete(connectionFiles).where(eq(connectionFiles.id, fileId));
  await store.delete(row.objectKey);
  return row;
}

export async function fileDownloadUrl(
  db: Db,
  store: ObjectStore,
  fileId: number,
  viewer: Viewer,
  assertPaid: (connectionId: number) => Promise<void>,
) {
  const row = await findFile(db, fileId, viewer);
  await assertPaid(row.connectionId);
  return store.signDownload({ key: row.objectKey, fileName: row.fileName });
}
