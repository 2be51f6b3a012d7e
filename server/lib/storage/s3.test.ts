import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { S3ObjectStore } from './s3.ts';
import { startSigV4Gate } from './testing/sigv4-gate.ts';

// s3rver's built-in account.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const PDF = 'application/pdf';

let s3rver: S3rver;
let gate: Awaited<ReturnType<typeof startSigV4Gate>>;
/** Talks to s3rver through the gate, which checks presigned signatures the way S3 does. */
let store: S3ObjectStore;
/** Talks to s3rver directly: only what s3rver itself checks. */
let direct: S3ObjectStore;

const options = (endpoint: string, creds = credentials) => ({
  bucket: 'test-bucket',
  region: 'us-east-1',
  endpoint,
  forcePathStyle: true,
  credentials: creds,
});
const storeAt = (endpoint: string, creds = credentials) =>
  new S3ObjectStore(options(endpoint, creds));

beforeAll(async () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'ur-s3rver-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'test-bucket' }],
  });
  const { port } = await s3rver.run();
  gate = await startSigV4Gate(s3rver.callback(), {
    [credentials.accessKeyId]: credentials.secretAccessKey,
  });
  store = storeAt(gate.url);
  direct = storeAt(`http://127.0.0.1:${port}`);
});

afterAll(async () => {
  store?.close();
  direct?.close();
  await gate?.close();
  await s3rver?.close();
});

const body = (n: number, fill = 0x41) => new Uint8Array(n).fill(fill);

async function upload(
  key: string,
  bytes: Uint8Array<ArrayBuffer>,
  sent: { size?: number; type?: string } = {},
) {
  const signed = await store.signUpload({
    key,
    contentType: PDF,
    maxBytes: 1000,
    size: bytes.length,
  });
  return fetch(signed.url, {
    method: signed.method,
    body: sent.size === undefined ? bytes : body(sent.size),
    headers: { ...signed.headers, ...(sent.type ? { 'content-type': sent.type } : {}) },
  });
}

describe('S3ObjectStore against s3rver', () => {
  it('signs a PUT that binds content type, size and "only where no object is", and carries no checksum', async () => {
    const signed = await store.signUpload({
      key: 'a/b.pdf',
      contentType: PDF,
      maxBytes: 10,
      size: 5,
    });
    expect(signed.method).toBe('PUT');
    expect(signed.headers).toEqual({ 'content-type': PDF, 'if-none-match': '*' });
    const query = new URL(signed.url).searchParams;
    // S3 checks the condition (a 412 where an object exists); the signature makes it required.
    expect(query.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;if-none-match');
    expect(query.get('X-Amz-Expires')).toBe('900');
    expect([...query.keys()].filter((k) => k.toLowerCase().includes('checksum'))).toEqual([]);
  });

  it('stores a presigned PUT and serves it through a presigned GET', async () => {
    const bytes = body(321, 7);
    const put = await upload('uploads/bill.pdf', bytes);
    expect(put.status).toBe(200);
    expect(await store.head('uploads/bill.pdf')).toMatchObject({ size: 321, contentType: PDF });

    const url = await store.signDownload({ key: 'uploads/bill.pdf', fileName: 'Bill März.pdf' });
    const get = await fetch(url);
    expect(get.status).toBe(200);
    expect(get.headers.get('content-disposition')).toBe(
      `attachment; filename="Bill M_rz.pdf"; filename*=UTF-8''Bill%20M%C3%A4rz.pdf`,
    );
    expect(new Uint8Array(await get.arrayBuffer())).toEqual(bytes);
  });

  it('refuses a PUT whose body size differs from the signed size, and stores nothing', async () => {
    const response = await upload('uploads/longer.pdf', body(100), { size: 101 });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('SignatureDoesNotMatch');
    expect(await store.head('uploads/longer.pdf')).toBeNull();
  });

  it('refuses a PUT that leaves out the only-where-no-object-is condition', async () => {
    const signed = await store.signUpload({
      key: 'uploads/again.pdf',
      contentType: PDF,
      maxBytes: 10,
      size: 4,
    });
    const response = await fetch(signed.url, {
      method: 'PUT',
      body: body(4),
      headers: { 'content-type': PDF },
    });
    expect(response.status).toBe(403);
    expect(await store.head('uploads/again.pdf')).toBeNull();
  });

  it('refuses a PUT sent with another content type', async () => {
    const response = await upload('uploads/page.pdf', body(10), { type: 'text/html' });
    expect(response.status).toBe(403);
    expect(await store.head('uploads/page.pdf')).toBeNull();
  });

  it('refuses a PUT with a tampered signature or key', async () => {
    const signed = await store.signUpload({
      key: 'a/c.pdf',
      contentType: PDF,
      maxBytes: 10,
      size: 3,
    });
    const forged = signed.url.replace(
      /X-Amz-Signature=[0-9a-f]+/,
      `X-Amz-Signature=${'0'.repeat(64)}`,
    );
    const otherKey = signed.url.replace('/a/c.pdf?', '/a/d.pdf?');
    for (const url of [forged, otherKey]) {
      const response = await fetch(url, { method: 'PUT', body: body(3), headers: signed.headers });
      expect(response.status).toBe(403);
    }
    expect(await store.head('a/c.pdf')).toBeNull();
    expect(await store.head('a/d.pdf')).toBeNull();
  });

  it('signs a POST policy form (Uppy companion mode) that s3rver stores, with the size range', async () => {
    const signed = await direct.signPostUpload({
      key: 'uploads/form.csv',
      contentType: 'text/csv',
      maxBytes: 100,
    });
    expect(signed.method).toBe('POST');
    expect(signed.fields).toMatchObject({ key: 'uploads/form.csv', 'Content-Type': 'text/csv' });
    const policy = JSON.parse(Buffer.from(signed.fields.Policy ?? '', 'base64').toString('utf8'));
    expect(policy.conditions).toContainEqual(['content-length-range', 0, 100]);
    const form = new FormData();
    for (const [k, v] of Object.entries(signed.fields)) form.append(k, v);
    form.append('file', new Blob(['a,b\n'], { type: 'text/csv' }), 'form.csv');
    const res = await fetch(signed.url, { method: 'POST', body: form });
    expect(res.status).toBeLessThan(300);
    expect(await direct.head('uploads/form.csv')).toMatchObject({ size: 4 });
  });

  it('names the origin browsers talk to', async () => {
    expect(await store.browserOrigin()).toBe(gate.url);
    const aws = new S3ObjectStore({
      ...options(gate.url),
      endpoint: undefined,
      forcePathStyle: false,
    });
    expect(await aws.browserOrigin()).toBe('https://test-bucket.s3.us-east-1.amazonaws.com');
    aws.close();
  });

  it('refuses to sign a declared size over the limit', async () => {
    await expect(
      store.signUpload({ key: 'a/e.pdf', contentType: PDF, maxBytes: 10, size: 11 }),
    ).rejects.toMatchObject({ statusCode: 413 });
  });

  it('puts, reads, lists and deletes', async () => {
    await store.put('list/one.csv', 'a,b\n', 'text/csv');
    await store.put('list/two/three.csv', body(4), 'text/csv');
    await store.put('listing-not/four.csv', 'x', 'text/csv');
    expect(new TextDecoder().decode(await store.getBytes('list/one.csv'))).toBe('a,b\n');

    const items = [];
    for await (const item of store.list('list/')) items.push(item);
    expect(items.map((i) => i.key).sort()).toEqual(['list/one.csv', 'list/two/three.csv']);
    expect(items.find((i) => i.key === 'list/two/three.csv')).toMatchObject({ size: 4 });
    expect(items[0]?.lastModified).toBeInstanceOf(Date);

    await store.delete('list/one.csv');
    expect(await store.head('list/one.csv')).toBeNull();
    await expect(store.getBytes('list/one.csv')).rejects.toMatchObject({ statusCode: 404 });
    await expect(store.delete('list/one.csv')).resolves.toBeUndefined();
  });

  it('refuses bad keys before calling the store', async () => {
    await expect(store.head('../x')).rejects.toMatchObject({ statusCode: 400 });
    await expect(store.put('a/../b', 'x', 'text/plain')).rejects.toMatchObject({ statusCode: 400 });
  });
});

// s3rver 3.7 builds ListObjectsV2 continuation tokens with DES, which Node 20's OpenSSL 3
// refuses (InternalError on any truncated listing), so paging is checked against a server
// that answers with S3's documented ListObjectsV2 shape.
describe('S3ObjectStore.list paging', () => {
  it('follows continuation tokens until the listing is complete', async () => {
    const seen: URLSearchParams[] = [];
    const pages: Record<string, { keys: string[]; next?: string }> = {
      '': { keys: ['paged/1.txt', 'paged/2.txt'], next: 'token-1' },
      'token-1': { keys: ['paged/3/4.txt'] },
    };
    const server = http.createServer((request, response) => {
      const query = new URL(request.url ?? '', 'http://s3.test').searchParams;
      seen.push(query);
      const page = pages[query.get('continuation-token') ?? ''];
      if (request.method !== 'GET' || !page) return response.writeHead(400).end();
      response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(listXml(page.keys, page.next));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const paged = new S3ObjectStore({ ...options(`http://127.0.0.1:${port}`), pageSize: 2 });
    try {
      const listed = [];
      for await (const item of paged.list('paged/')) listed.push(item);
      expect(listed.map((i) => i.key)).toEqual(['paged/1.txt', 'paged/2.txt', 'paged/3/4.txt']);
      expect(listed[0]).toEqual({
        key: 'paged/1.txt',
        size: 11,
        lastModified: new Date('2026-01-15T12:00:00.000Z'),
      });
      expect(seen.map((q) => [q.get('list-type'), q.get('prefix'), q.get('max-keys')])).toEqual([
        ['2', 'paged/', '2'],
        ['2', 'paged/', '2'],
      ]);
      expect(seen.map((q) => q.get('continuation-token'))).toEqual([null, 'token-1']);
    } finally {
      paged.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

function listXml(keys: string[], next: string | undefined): string {
  const contents = keys
    .map(
      (key) =>
        `<Contents><Key>${key}</Key><LastModified>2026-01-15T12:00:00.000Z</LastModified>` +
        `<ETag>"0"</ETag><Size>${key.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Name>test-bucket</Name><Prefix>paged/</Prefix><KeyCount>${keys.length}</KeyCount>` +
    `<MaxKeys>2</MaxKeys><IsTruncated>${Boolean(next)}</IsTruncated>${contents}` +
    (next ? `<NextContinuationToken>${next}</NextContinuationToken>` : '') +
    '</ListBucketResult>'
  );
}

describe('what s3rver itself checks on a presigned URL', () => {
  it('refuses an expired URL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 10 * 60_000);
    const signed = await direct.signUpload({
      key: 'old.pdf',
      contentType: PDF,
      maxBytes: 10,
      expiresInSec: 60,
    });
    vi.useRealTimers();
    const response = await fetch(signed.url, {
      method: 'PUT',
      body: body(3),
      headers: signed.headers,
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
    expect(await direct.head('old.pdf')).toBeNull();
  });

  it('refuses an unknown access key', async () => {
    const stranger = storeAt(new URL(await direct.signDownload({ key: 'x' })).origin, {
      accessKeyId: 'NOBODY',
      secretAccessKey: 'whatever',
    });
    const signed = await stranger.signUpload({ key: 'x.pdf', contentType: PDF, maxBytes: 10 });
    stranger.close();
    const response = await fetch(signed.url, {
      method: 'PUT',
      body: body(3),
      headers: signed.headers,
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('InvalidAccessKeyId');
  });
});
