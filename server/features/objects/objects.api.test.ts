import { utimes } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { UploadResponse } from '../../../common/uploads.ts';
import { connectionFiles, connections, providers } from '../../db/schema.ts';
import { LocalObjectStore } from '../../lib/storage/index.ts';
import { adminAndUserApp, caller } from '../../test/api.ts';
import { signedIn } from '../../test/factories.ts';
import { orphanCleanupJob } from './jobs.ts';
import { UPLOADS_PER_MINUTE } from './routes.ts';

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const suite = adminAndUserApp();

const call = caller(() => suite.t.app);
const requestUpload = (cookie: string | undefined, payload?: object) =>
  call('POST', '/api/objects/upload', cookie, payload);

async function putBody(upload: UploadResponse, body: Buffer, contentType?: string) {
  return suite.t.app.inject({
    method: 'PUT',
    url: upload.uploadURL,
    headers: { 'content-type': contentType ?? upload.headers['content-type'] ?? '' },
    payload: body,
  });
}

async function uploadLogo(body: Buffer, contentType = 'image/png') {
  const res = await requestUpload(suite.admin.cookie, {
    purpose: 'logo',
    contentType,
    size: body.length,
  });
  expect(res.statusCode).toBe(200);
  const upload = UploadResponse.parse(res.json());
  expect((await putBody(upload, body)).statusCode).toBe(200);
  return upload;
}

describe('POST /api/objects/upload', () => {
  it('refuses anonymous callers, and users, who never upload: no disk to fill', async () => {
    const res = await requestUpload(undefined);
    expect(res.statusCode).toBe(401);
    expect((await requestUpload(suite.user.cookie)).statusCode).toBe(403);
  });

  it('signs a connection file upload under a server-chosen key, with no body at all', async () => {
    const res = await requestUpload(suite.admin.cookie);
    expect(res.statusCode).toBe(200);
    const upload = UploadResponse.parse(res.json());
    expect(upload.key).toMatch(/^files\/[A-Za-z0-9_-]{22}$/);
    expect(upload.uploadURL).toContain(`/api/storage/${upload.key}?`);
    expect((await putBody(upload, Buffer.from('a,b\n1,2\n'))).statusCode).toBe(200);
    expect(await suite.t.app.services.store.head(upload.key)).toMatchObject({ size: 8 });
  });

  it("takes a browser's PUT over a real connection, and refuses a wrong type in words", async () => {
    // Injected requests have no socket; the guards that read the body must also pass a real one.
    const address = await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
    const signed = async (contentType: string) =>
      UploadResponse.parse(
        (await requestUpload(suite.admin.cookie, { purpose: 'logo', contentType, size: 4 })).json(),
      );
    const put = (upload: UploadResponse, type: string) =>
      fetch(new URL(upload.uploadURL, address), {
        method: 'PUT',
        headers: { 'content-type': type },
        body: Buffer.from('\u0000PNG'),
        signal: AbortSignal.timeout(5000),
      });
    const png = await signed('image/png');
    expect((await put(png, 'image/png')).status).toBe(200);
    expect(await suite.t.app.services.store.head(png.key)).toMatchObject({ size: 4 });
    const refused = await put(await signed('image/png'), 'image/gif');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'This upload must be sent as image/png' });
  });

  it('keeps a plain file extension but never the client name', async () => {
    const res = await requestUpload(suite.admin.cookie, {
      fileName: '../../etc/passwd.CSV',
      contentType: 'text/csv',
    });
    expect(res.json().key).toMatch(/^files\/[A-Za-z0-9_-]{22}\.csv$/);
  });

  it('refuses a file over 10,485,760 bytes before and during the upload, storing nothing', async () => {
    const tooBig = await requestUpload(suite.admin.cookie, {
      contentType: 'text/csv',
      size: 10_485_761,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('File is larger than the limit of 10485760 bytes');

    const upload = UploadResponse.parse(
      (await requestUpload(suite.admin.cookie, { contentType: 'text/csv' })).json(),
    );
    const res = await putBody(upload, Buffer.alloc(10_485_761, 0x61));
    expect(res.statusCode).toBe(413);
    expect(await suite.t.app.services.store.head(upload.key)).toBeNull();
  });

  it('lets only admins upload logos, and only PNG or JPEG up to 2 MB', async () => {
    const asUser = await requestUpload(suite.user.cookie, {
      purpose: 'logo',
      contentType: 'image/png',
    });
    expect(asUser.statusCode).toBe(403);
    const gif = await requestUpload(suite.admin.cookie, {
      purpose: 'logo',
      contentType: 'image/gif',
    });
    expect(gif.statusCode).toBe(400);
    expect(gif.json()).toEqual({ message: 'Logos must be PNG or JPEG images' });
    const big = await requestUpload(suite.admin.cookie, {
      purpose: 'logo',
      contentType: 'image/png',
      size: 2_097_153,
    });
    expect(big.statusCode).toBe(413);
  });
});

describe('PUT /api/provider-images', () => {
  it('turns an uploaded PNG into a public object path that serves the image', async () => {
    const upload = await uploadLogo(PNG);
    const res = await call('PUT', '/api/provider-images', suite.admin.cookie, {
      imageUrl: upload.uploadURL,
    });
    expect(res.statusCode).toBe(200);
    const { objectPath } = res.json();
    expect(objectPath).toBe(`/objects/${upload.key}`);

    const redirect = await suite.t.app.inject({ method: 'GET', url: objectPath });
    expect(redirect.statusCode).toBe(302);
    const image = await suite.t.app.inject({
      method: 'GET',
      url: String(redirect.headers.location),
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('deletes and refuses a "logo" that is not really an image', async () => {
    const upload = await uploadLogo(Buffer.from('<svg onload="alert(1)"/>'));
    const res = await call('PUT', '/api/provider-images', suite.admin.cookie, {
      imageUrl: upload.uploadURL,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Logos must be PNG or JPEG images' });
    expect(await suite.t.app.services.store.head(upload.key)).toBeNull();
  });

  it.each([
    ['an outside URL', 'https://evil.example/logo.png', 'This is not an uploaded logo'],
    ['a connection file', '/api/storage/files/abc?sig=x', 'This is not an uploaded logo'],
    [
      'a logo never uploaded',
      '/api/storage/logos/nothing-here.png?sig=x',
      'The logo was not uploaded',
    ],
  ])('refuses %s', async (_case, imageUrl, message) => {
    const res = await call('PUT', '/api/provider-images', suite.admin.cookie, { imageUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('is for admins only', async () => {
    const res = await call('PUT', '/api/provider-images', suite.user.cookie, {
      imageUrl: '/api/storage/logos/x.png',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('upload rate and quota', () => {
  it(`gives one administrator at most ${UPLOADS_PER_MINUTE} upload addresses a minute, another has their own`, async () => {
    const busy = (await signedIn(suite.t.app, suite.t.database.db, 'admin')).cookie;
    const statuses: number[] = [];
    for (let i = 0; i <= UPLOADS_PER_MINUTE; i++) {
      statuses.push((await requestUpload(busy, { contentType: 'text/csv' })).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(UPLOADS_PER_MINUTE);
    const refused = await requestUpload(busy, { contentType: 'text/csv' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: `At most ${UPLOADS_PER_MINUTE} uploads a minute. Please wait a moment and try again.`,
    });
    const other = (await signedIn(suite.t.app, suite.t.database.db, 'admin')).cookie;
    expect((await requestUpload(other, { contentType: 'text/csv' })).statusCode).toBe(200);
  });
});

describe('GET /api/uploads/s3/params (companion-style single request)', () => {
  it('returns a form upload that stores the file under the server key', async () => {
    const res = await call(
      'GET',
      '/api/uploads/s3/params?filename=usage.csv&type=text%2Fcsv&metadata%5Bname%5D=usage.csv',
      suite.admin.cookie,
    );
    expect(res.statusCode).toBe(200);
    const { method, url, fields, headers } = res.json();
    expect(method).toBe('POST');
    expect(headers).toEqual({});
    expect(fields.key).toMatch(/^files\/[A-Za-z0-9_-]{22}\.csv$/);

    const form = new FormData();
    for (const [k, v] of Object.entries(fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob(['kwh\n1.5\n'], { type: 'text/csv' }), 'usage.csv');
    const request = new Request('http://local.test/', { method: 'POST', body: form });
    const upload = await suite.t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(upload.statusCode).toBe(204);
    expect(await suite.t.app.services.store.getBytes(fields.key)).toEqual(
      new Uint8Array(Buffer.from('kwh\n1.5\n')),
    );
  });

  it('refuses anonymous callers', async () => {
    const res = await suite.t.app.inject({
      method: 'GET',
      url: '/api/uploads/s3/params?filename=a&type=text/csv',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('orphan clean-up job', () => {
  it('deletes day-old uploads nobody recorded and keeps the rest', async () => {
    const store = suite.t.app.services.store;
    if (!(store instanceof LocalObjectStore)) throw new Error('expected the local store');
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const age = (key: string) => utimes(store.file(key), old, old);

    await store.put('files/orphan-old.csv', 'x', 'text/csv');
    await store.put('files/recorded-old.csv', 'x', 'text/csv');
    await store.put('files/orphan-new.csv', 'x', 'text/csv');
    await store.put('logos/orphan-old.png', PNG, 'image/png');
    await store.put('logos/used-old.png', PNG, 'image/png');
    for (const key of [
      'files/orphan-old.csv',
      'files/recorded-old.csv',
      'logos/orphan-old.png',
      'logos/used-old.png',
    ]) {
      await age(key);
    }
    const [provider] = await suite.t.database.db
      .insert(providers)
      .values({ name: 'Logo Utility', state: 'Ohio', imageUrl: '/objects/logos/used-old.png' })
      .returning();
    const [connection] = await suite.t.database.db
      .insert(connections)
      .values({
        userId: suite.user.user.id,
        providerId: provider?.id ?? 0,
        customerName: 'C',
        customerEmail: 'c@example.com',
      })
      .returning();
    await suite.t.database.db.insert(connectionFiles).values({
      connectionId: connection?.id ?? 0,
      objectKey: 'files/recorded-old.csv',
      fileName: 'usage.csv',
      fileType: 'csv',
      fileSize: 1,
    });

    await suite.t.app.services.queue.run(orphanCleanupJob, {});

    expect(await store.head('files/orphan-old.csv')).toBeNull();
    expect(await store.head('logos/orphan-old.png')).toBeNull();
    expect(await store.head('files/recorded-old.csv')).not.toBeNull();
    expect(await store.head('logos/used-old.png')).not.toBeNull();
    expect(await store.head('files/orphan-new.csv')).not.toBeNull();
  });
});
