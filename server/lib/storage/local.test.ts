import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { LocalObjectStore } from './local.ts';
import { filesUnder, TEST_SECRET, tempStore } from './testing/storage-app.ts';

async function listed(store: LocalObjectStore, prefix: string) {
  const items = [];
  for await (const item of store.list(prefix)) items.push(item);
  return items;
}

const keysOf = async (store: LocalObjectStore, prefix: string) =>
  (await listed(store, prefix)).map((item) => item.key).sort();

describe('LocalObjectStore', () => {
  it('puts, heads, reads and deletes an object', async () => {
    const store = tempStore();
    const csv = 'date,kWh\n2026-01-01,12\n';
    await store.put('reports/1/summary.csv', csv, 'text/csv');
    const info = await store.head('reports/1/summary.csv');
    expect(info).toMatchObject({ size: csv.length, contentType: 'text/csv' });
    expect(info?.lastModified).toBeInstanceOf(Date);
    expect(new TextDecoder().decode(await store.getBytes('reports/1/summary.csv'))).toBe(csv);

    await store.put('reports/1/summary.csv', new Uint8Array([1, 2, 3]), 'application/octet-stream');
    expect(await store.head('reports/1/summary.csv')).toMatchObject({
      size: 3,
      contentType: 'application/octet-stream',
    });

    await store.delete('reports/1/summary.csv');
    expect(await store.head('reports/1/summary.csv')).toBeNull();
    expect(filesUnder(store.dir)).toEqual([]);
    await expect(store.delete('reports/1/summary.csv')).resolves.toBeUndefined();
  });

  it('answers null for a missing object and 404 for its bytes', async () => {
    const store = tempStore();
    expect(await store.head('nothing/here.pdf')).toBeNull();
    await store.put('a/file.pdf', 'x', 'application/pdf');
    expect(await store.head('a')).toBeNull();
    expect(await store.head('a/file.pdf/deeper')).toBeNull();
    const read = store.getBytes('nothing/here.pdf');
    await expect(read).rejects.toBeInstanceOf(AppError);
    await expect(read).rejects.toMatchObject({ statusCode: 404, message: 'File not found' });
  });

  it('lists every object under a prefix, and only objects', async () => {
    const store = tempStore();
    for (const key of ['uploads/a.pdf', 'uploads/b/c.csv', 'uploads-old/d.pdf', 'logos/e.png']) {
      await store.put(key, key, 'text/plain');
    }
    // A partial upload left by a crash is not an object.
    writeFileSync(path.join(store.dir, 'uploads', 'a.pdf~1234.part'), 'partial');

    expect(await keysOf(store, '')).toEqual([
      'logos/e.png',
      'uploads-old/d.pdf',
      'uploads/a.pdf',
      'uploads/b/c.csv',
    ]);
    expect(await keysOf(store, 'uploads/')).toEqual(['uploads/a.pdf', 'uploads/b/c.csv']);
    expect(await keysOf(store, 'uploads')).toEqual([
      'uploads-old/d.pdf',
      'uploads/a.pdf',
      'uploads/b/c.csv',
    ]);
    expect(await keysOf(store, 'uploads/b/c')).toEqual(['uploads/b/c.csv']);
    expect(await keysOf(store, 'missing/')).toEqual([]);

    const [item] = await listed(store, 'logos/');
    expect(item).toMatchObject({ key: 'logos/e.png', size: 11 });
    expect(item?.lastModified).toBeInstanceOf(Date);
  });

  it('lists nothing before the folder exists', async () => {
    expect(await keysOf(tempStore(), '')).toEqual([]);
  });

  it.each([
    '../escape.pdf',
    'a/../../escape.pdf',
    'a/..',
    '..',
    '/etc/passwd',
    'a//b',
    'a/',
    '',
    'a/./b',
    'name with space.pdf',
    'a\\b.pdf',
    'a/b~meta',
    'ü.pdf',
    `${'a'.repeat(1025)}`,
  ])('refuses the key %j everywhere', async (key) => {
    const store = tempStore();
    const refused = { statusCode: 400, message: 'Invalid object key' };
    await expect(store.put(key, 'x', 'text/plain')).rejects.toMatchObject(refused);
    await expect(store.head(key)).rejects.toMatchObject(refused);
    await expect(store.getBytes(key)).rejects.toMatchObject(refused);
    await expect(store.delete(key)).rejects.toMatchObject(refused);
    await expect(
      store.signUpload({ key, contentType: 'text/plain', maxBytes: 10 }),
    ).rejects.toMatchObject(refused);
    await expect(store.signDownload({ key })).rejects.toMatchObject(refused);
    expect(filesUnder(path.dirname(store.dir))).toEqual([]);
  });

  it('refuses a list prefix that could leave the folder', async () => {
    const store = tempStore();
    await expect(listed(store, '../')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('does not read outside its folder even when a sibling exists', async () => {
    const store = tempStore();
    const outside = path.join(path.dirname(store.dir), 'secret.txt');
    mkdirSync(store.dir, { recursive: true });
    writeFileSync(outside, 'secret');
    await expect(store.getBytes('../secret.txt')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses to sign an upload whose declared size is over the limit', async () => {
    const store = tempStore();
    const signing = store.signUpload({
      key: 'a.pdf',
      contentType: 'application/pdf',
      maxBytes: 100,
      size: 101,
    });
    await expect(signing).rejects.toMatchObject({
      statusCode: 413,
      message: 'File is larger than the limit of 100 bytes',
    });
  });

  it('refuses a content type that is not one printable line', async () => {
    const store = tempStore();
    for (const contentType of ['', 'text/plain\r\nx-evil: 1', ' text/plain']) {
      await expect(
        store.signUpload({ key: 'a.txt', contentType, maxBytes: 10 }),
      ).rejects.toMatchObject({ statusCode: 400, message: 'Invalid content type' });
    }
  });

  it('serves its URLs from the app itself unless given a base URL', async () => {
    expect(await tempStore().browserOrigin()).toBeNull();
    const store = new LocalObjectStore({
      dir: '/tmp/x',
      secret: TEST_SECRET,
      baseUrl: 'https://files.example.com',
    });
    expect(await store.browserOrigin()).toBe('https://files.example.com');
    expect(await store.signDownload({ key: 'a.pdf' })).toMatch(
      /^https:\/\/files\.example\.com\/api\/storage\/a\.pdf\?op=get&exp=\d+&sig=/,
    );
  });

  it('needs a secret of at least 32 characters', () => {
    expect(() => new LocalObjectStore({ dir: '/tmp/x', secret: 'short' })).toThrow(/32 characters/);
    expect(new LocalObjectStore({ dir: '/tmp/x', secret: TEST_SECRET }).kind).toBe('local');
  });
});
