import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { LocalObjectStore } from './index.ts';
import { filesUnder } from './testing/storage-app.ts';

// The routes inside the real app: its access control, error format and security headers.
let test: TestApp;
let store: LocalObjectStore;

beforeAll(async () => {
  test = await createTestApp();
  // The app wires the configured store and, for the local one, its routes.
  const created = test.app.services.store;
  if (!(created instanceof LocalObjectStore)) throw new Error('expected the local store');
  store = created;
});
afterAll(() => test?.close());

it('uploads and downloads through the real app without signing in', async () => {
  const body = Buffer.from('%PDF-1.7 statement');
  const upload = await store.signUpload({
    key: 'connections/1/statement.pdf',
    contentType: 'application/pdf',
    maxBytes: 1000,
    size: body.length,
  });
  const put = await test.app.inject({
    method: 'PUT',
    url: upload.url,
    payload: body,
    headers: upload.headers,
  });
  expect(put.statusCode).toBe(200);
  expect(put.headers['cache-control']).toBe('no-store');
  expect(store.dir.startsWith(test.config.dataDir)).toBe(true);

  const url = await store.signDownload({ key: 'connections/1/statement.pdf', fileName: 's.pdf' });
  const get = await test.app.inject({ method: 'GET', url });
  expect(get.statusCode).toBe(200);
  expect(get.rawPayload.equals(body)).toBe(true);
});

it('answers a refused upload in the app error format and stores nothing', async () => {
  const upload = await store.signUpload({
    key: 'logos/x.png',
    contentType: 'image/png',
    maxBytes: 10,
  });
  const response = await test.app.inject({
    method: 'PUT',
    url: upload.url,
    payload: Buffer.alloc(11),
    headers: upload.headers,
  });
  expect(response.statusCode).toBe(413);
  expect(response.json()).toEqual({ message: 'File is larger than the limit of 10 bytes' });
  expect(filesUnder(store.dir).filter((f) => f.startsWith('logos/'))).toEqual([]);

  const unsigned = await test.app.inject({ method: 'GET', url: '/api/storage/logos/x.png' });
  expect(unsigned.statusCode).toBe(403);
  expect(unsigned.json()).toEqual({ message: 'This link is not valid' });
});
