import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LocalObjectStore, UPLOAD_USED } from './local.ts';
import { filesUnder, storageApp, tempStore, testClock } from './testing/storage-app.ts';

const PDF = 'application/pdf';
const KEY = 'connections/7/bill.pdf';

let clock: ReturnType<typeof testClock>;
let store: LocalObjectStore;
let app: FastifyInstance;

beforeEach(async () => {
  clock = testClock();
  store = tempStore(clock.now);
  app = await storageApp(store);
});
afterEach(() => app.close());

const bytes = (n: number, fill = 0x25) => Buffer.alloc(n, fill);

async function signPut(overrides: Partial<Parameters<LocalObjectStore['signUpload']>[0]> = {}) {
  return store.signUpload({ key: KEY, contentType: PDF, maxBytes: 2_000_000, ...overrides });
}

function put(url: string, payload: Buffer | Readable, contentType = PDF) {
  return app.inject({ method: 'PUT', url, payload, headers: { 'content-type': contentType } });
}

/** The same URL with one query parameter (or the path) changed. */
function tamper(url: string, change: (u: URL) => void): string {
  const u = new URL(url, 'http://app.test');
  change(u);
  return u.pathname + u.search;
}

describe('signed upload and download through the local routes', () => {
  it('stores a PUT body larger than the app body limit and serves it back', async () => {
    const body = bytes(1_500_000, 7);
    const upload = await signPut({ size: body.length });
    expect(upload).toMatchObject({ method: 'PUT', headers: { 'content-type': PDF } });
    expect(upload.url).toMatch(/^\/api\/storage\/connections\/7\/bill\.pdf\?op=put&exp=\d+&max=/);

    const stored = await put(upload.url, body);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers.etag).toBe(`"${createHash('md5').update(body).digest('hex')}"`);
    expect(await store.head(KEY)).toMatchObject({ size: body.length, contentType: PDF });

    const url = await store.signDownload({ key: KEY, fileName: 'Bill März "final".pdf' });
    const download = await app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(PDF);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Bill M_rz _final_.pdf"; filename*=UTF-8''Bill%20M%C3%A4rz%20%22final%22.pdf`,
    );
    expect(download.rawPayload.equals(body)).toBe(true);
  });

  it('accepts any content type, JSON included, and keeps the body byte for byte', async () => {
    const body = Buffer.from('{"kWh": 12.5}');
    const upload = await signPut({ key: 'raw/data.json', contentType: 'application/json' });
    expect((await put(upload.url, body, 'application/json')).statusCode).toBe(200);
    expect(Buffer.from(await store.getBytes('raw/data.json')).equals(body)).toBe(true);
  });

  it('leaves the rest of the app with its JSON parser and 1 MB limit', async () => {
    const echo = await app.inject({ method: 'POST', url: '/api/echo', payload: { a: 1 } });
    expect(echo.json()).toEqual({ body: { a: 1 } });
    const big = await app.inject({
      method: 'POST',
      url: '/api/echo',
      payload: JSON.stringify({ a: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
  });

  it('downloads without a name inline for safe types and as an attachment otherwise', async () => {
    await store.put('a/page.html', '<script>alert(1)</script>', 'text/html');
    await store.put('a/logo.png', bytes(10), 'image/png');
    const html = await app.inject({ url: await store.signDownload({ key: 'a/page.html' }) });
    expect(html.headers['content-disposition']).toBe('attachment');
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    const png = await app.inject({ url: await store.signDownload({ key: 'a/logo.png' }) });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBeUndefined();
  });

  it('answers 404 for a signed download of a missing object', async () => {
    const response = await app.inject({ url: await store.signDownload({ key: 'gone.pdf' }) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'File not found' });
  });
});

describe('refused uploads', () => {
  it('refuses an expired link', async () => {
    const upload = await signPut({ expiresInSec: 60 });
    clock.advance(61_000);
    const response = await put(upload.url, bytes(10));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This link has expired' });
    expect(filesUnder(store.dir)).toEqual([]);
  });

  it.each([
    ['another key', (u: URL) => (u.pathname = '/api/storage/connections/7/other.pdf')],
    ['a raised max', (u: URL) => u.searchParams.set('max', '99999999')],
    ['another size', (u: URL) => u.searchParams.set('size', '11')],
    ['another type', (u: URL) => u.searchParams.set('type', 'text/html')],
    [
      'a later expiry',
      (u: URL) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600)),
    ],
    ['the operation changed to get', (u: URL) => u.searchParams.set('op', 'get')],
    ['an added name', (u: URL) => u.searchParams.set('name', 'x.pdf')],
    ['a missing signature', (u: URL) => u.searchParams.delete('sig')],
    ['a forged signature', (u: URL) => u.searchParams.set('sig', 'A'.repeat(43))],
  ])('refuses a PUT with %s', async (_what, change) => {
    const upload = await signPut({ size: 10 });
    const url = tamper(upload.url, change);
    const response = await put(
      url,
      bytes(10),
      new URL(url, 'http://x').searchParams.get('type') ?? PDF,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/^This link is not valid/);
    expect(filesUnder(store.dir)).toEqual([]);
  });

  it('refuses a download link used to upload, and an upload link used to download', async () => {
    await store.put(KEY, bytes(10), PDF);
    const get = await store.signDownload({ key: KEY });
    const asPut = await put(get, bytes(3));
    expect(asPut.statusCode).toBe(403);
    expect(asPut.json()).toEqual({ message: 'This link is not valid for this request' });
    expect(await store.head(KEY)).toMatchObject({ size: 10 });

    const upload = await signPut();
    const asGet = await app.inject({ method: 'GET', url: upload.url });
    expect(asGet.statusCode).toBe(403);
  });

  it('refuses a download link for another key', async () => {
    await store.put('a/secret.pdf', bytes(10), PDF);
    const url = tamper(await store.signDownload({ key: 'a/mine.pdf' }), (u) => {
      u.pathname = '/api/storage/a/secret.pdf';
    });
    expect((await app.inject({ url })).statusCode).toBe(403);
  });

  it('refuses a body sent with another content type', async () => {
    const upload = await signPut();
    const response = await put(upload.url, bytes(10), 'text/html');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This upload must be sent as application/pdf' });
    expect(filesUnder(store.dir)).toEqual([]);
  });

  it('refuses a body with no content type', async () => {
    const upload = await signPut();
    const response = await app.inject({ method: 'PUT', url: upload.url, payload: bytes(10) });
    expect(response.statusCode).toBe(403);
    expect(filesUnder(store.dir)).toEqual([]);
  });

  it('refuses an over-size body by its Content-Length with 413 and stores nothing', async () => {
    const upload = await signPut({ maxBytes: 1000 });
    const response = await put(upload.url, bytes(1001));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'File is larger than the limit of 1000 bytes' });
    expect(response.headers.connection).toBe('close');
    expect(filesUnder(store.dir)).toEqual([]);
  });

  it('counts a streamed body without Content-Length and aborts past the limit', async () => {
    const upload = await signPut({ maxBytes: 100_000 });
    const chunks = Array.from({ length: 20 }, () => bytes(10_000));
    const response = await put(upload.url, Readable.from(chunks));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'File is larger than the limit of 100000 bytes' });
    expect(filesUnder(store.dir)).toEqual([]);
  });

  it('streams a body without Content-Length into place when it is within the limit', async () => {
    const upload = await signPut({ maxBytes: 100_000 });
    const response = await put(upload.url, Readable.from([bytes(40_000), bytes(60_000)]));
    expect(response.statusCode).toBe(200);
    expect(filesUnder(store.dir).sort()).toEqual([KEY, `${KEY}~meta`]);
  });

  it('refuses a body shorter than the signed size and stores nothing', async () => {
    const upload = await signPut({ size: 10 });
    const response = await put(upload.url, bytes(9));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'The file size does not match the signed upload' });
    expect(filesUnder(store.dir)).toEqual([]);
  });

  it('takes an upload address once: a second PUT, or one onto a stored file, changes nothing', async () => {
    const upload = await signPut();
    expect((await put(upload.url, bytes(5, 1))).statusCode).toBe(200);
    const again = await put(upload.url, bytes(7, 2));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: UPLOAD_USED });
    expect(Buffer.from(await store.getBytes(KEY)).equals(bytes(5, 1))).toBe(true);
    expect(filesUnder(store.dir).sort()).toEqual([KEY, `${KEY}~meta`]);
  });

  it('keeps the previous object when a replacement is refused', async () => {
    await store.put(KEY, bytes(5, 1), PDF);
    const upload = await signPut({ maxBytes: 10 });
    expect((await put(upload.url, bytes(11))).statusCode).toBe(413);
    expect(Buffer.from(await store.getBytes(KEY)).equals(bytes(5, 1))).toBe(true);
    expect(filesUnder(store.dir).sort()).toEqual([KEY, `${KEY}~meta`]);
  });
});
