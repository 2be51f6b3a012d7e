import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createObjectStore, LocalObjectStore, S3ObjectStore } from './index.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'ur-storage-config-'));

describe('storage configuration', () => {
  it('defaults to a local folder with a secret generated into DATA_DIR once', () => {
    const dir = tempDir();
    const { storage } = loadConfig({ DATA_DIR: dir });
    if (storage.kind !== 'local') throw new Error('expected the local store');
    expect(storage.dir).toBe(path.join(dir, 'objects'));
    expect(storage.secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'storage-secret'), 'utf8').trim()).toBe(storage.secret);
    expect(loadConfig({ DATA_DIR: dir }).storage).toEqual(storage);

    const store = createObjectStore(storage);
    expect(store).toBeInstanceOf(LocalObjectStore);
    expect((store as LocalObjectStore).dir).toBe(storage.dir);
  });

  it('prefers a configured STORAGE_SECRET', () => {
    const secret = 's'.repeat(40);
    expect(loadConfig({ DATA_DIR: tempDir(), STORAGE_SECRET: secret }).storage).toMatchObject({
      kind: 'local',
      secret,
    });
  });

  it('chooses S3 when S3_BUCKET is set', () => {
    const dir = tempDir();
    const { storage } = loadConfig({
      DATA_DIR: dir,
      S3_BUCKET: 'reports',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(storage).toEqual({
      kind: 's3',
      bucket: 'reports',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    const store = createObjectStore(storage);
    expect(store).toBeInstanceOf(S3ObjectStore);
    store.close();
  });

  it('leaves S3 credentials to the SDK default chain when none are set', () => {
    const { storage } = loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'b', S3_REGION: 'eu-west-3' });
    expect(storage).toEqual({
      kind: 's3',
      bucket: 'b',
      region: 'eu-west-3',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it.each([
    [{ STORAGE_SECRET: 'short' }, /^Invalid setting STORAGE_SECRET: must be at least 32/],
    [
      { S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' },
      /^Invalid setting S3_ENDPOINT: must be an http/,
    ],
    [{ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' }, /^Invalid setting S3_FORCE_PATH_STYLE: /],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' }, /^Invalid setting S3_SECRET_ACCESS_KEY: set /],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /^Invalid setting S3_BUCKET: required when/],
  ])('refuses %j with one line naming the setting', (env, message) => {
    const attempt = () => loadConfig({ DATA_DIR: tempDir(), ...env });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });
});
