import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { UploadResponse } from '../../common/uploads.ts';
import type { Db } from '../db/client.ts';
import { providers } from '../db/schema.ts';

/** An active provider to submit forms against. */
export async function createProvider(
  db: Db,
  overrides: Partial<typeof providers.$inferInsert> = {},
) {
  const [row] = await db
    .insert(providers)
    .values({
      name: `Utility ${randomBytes(3).toString('hex')}`,
      state: 'California',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no provider');
  return row;
}

export const submission = (providerId: number, overrides: Record<string, unknown> = {}) => ({
  name: 'Dana Customer',
  email: 'dana@example.com',
  phone: '555-0100',
  address: '1 Main St, Springfield',
  providerId,
  username: 'dana-portal',
  password: 'portal-pass-123',
  notes: 'Meter is behind the gate',
  consent: true,
  ...overrides,
});

/** Submits the public customer form for a user's link, as an anonymous visitor would. */
export async function submitForm(app: FastifyInstance, formUrl: string, payload: object) {
  return app.inject({ method: 'POST', url: `/api/form/${formUrl}`, payload });
}

/**
 * The utility accepted the connection's login, as a check records it: a report bought on it is
 * charged at once (one whose login is not accepted yet is charged when its report exists).
 */
export async function loginAccepted(app: FastifyInstance, connectionId: number) {
  // The submission's own check runs first, so that its "could not check" is not written over
  // this verdict afterwards.
  await app.services.queue.drain();
  await app.services.connections.recordVerification(
    connectionId,
    { verified: true, message: 'Signed in to the utility website' },
    { announce: false },
  );
}

/** Uploads a body through a signed upload URL, as the browser's upload button does. */
export async function uploadObject(
  app: FastifyInstance,
  cookie: string,
  file: {
    fileName: string;
    contentType: string;
    body: string | Buffer;
    purpose?: 'connection-file' | 'logo';
  },
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers: { cookie },
    payload: {
      purpose: file.purpose ?? 'connection-file',
      fileName: file.fileName,
      contentType: file.contentType,
      size: Buffer.byteLength(file.body),
    },
  });
  if (res.statusCode !== 200) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
  const upload = UploadResponse.parse(res.json());
  const put = await app.inject({
    method: 'PUT',
    url: upload.uploadURL,
    headers: upload.headers,
    payload: file.body,
  });
  if (put.statusCode !== 200) throw new Error(`upload PUT failed: ${put.statusCode} ${put.body}`);
  return upload;
}

/**
 * Uploads a file and records it on a connection as the admin's edit modal does, then lets the
 * background work it starts (the file's import) finish. Returns the file's id.
 */
export async function attachFile(
  app: FastifyInstance & { services: { queue: { drain(): Promise<void> } } },
  cookie: string,
  connectionId: number,
  file: { fileName: string; contentType: string; body: Buffer },
): Promise<number> {
  const upload = await uploadObject(app, cookie, file);
  const recorded = await app.inject({
    method: 'PUT',
    url: `/api/connections/${connectionId}/files`,
    headers: { cookie },
    payload: { fileUrl: upload.uploadURL, fileName: file.fileName, fileSize: file.body.length },
  });
  if (recorded.statusCode !== 201) {
    throw new Error(`recording the file failed: ${recorded.statusCode} ${recorded.body}`);
  }
  await app.services.queue.drain();
  return recorded.json().id as number;
}
