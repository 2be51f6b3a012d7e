import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'ur-config-'));

describe('loadConfig', () => {
  it('uses the embedded defaults', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 5000,
      dataDir: dir,
      databaseUrl: undefined,
      admin: undefined,
      metricsPort: undefined,
    });
    expect(loadConfig({ DATA_DIR: dir, METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid setting PORT: /],
    [{ PORT: '70000' }, /^Invalid setting PORT: /],
    [{ METRICS_PORT: '0' }, /^Invalid setting METRICS_PORT: /],
    [{ METRICS_PORT: 'x' }, /^Invalid setting METRICS_PORT: /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid setting DATABASE_URL: must start with postgres/],
    [{ SESSION_SECRET: 'short' }, /^Invalid setting SESSION_SECRET: must be at least 32/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid setting LOG_LEVEL: /],
    [
      { ADMIN_USERNAME: 'root' },
      /^Invalid setting ADMIN_PASSWORD: set ADMIN_USERNAME and ADMIN_PASSWORD together/,
    ],
    [
      { ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'short' },
      /^Invalid setting ADMIN_PASSWORD: must be at least 8/,
    ],
  ])('refuses %j with one line naming the setting', (env, message) => {
    const attempt = () => loadConfig({ DATA_DIR: tempDir(), ...env });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });

  it('generates a session secret into DATA_DIR once and keeps it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it('prefers a configured session secret', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: tempDir(), SESSION_SECRET: secret }).sessionSecret).toBe(secret);
  });
});

describe('empty settings', () => {
  it('treats an empty variable as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: '', PORT: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(5000);
  });
});

describe('CREDENTIALS_KEY', () => {
  it('generates a key into DATA_DIR once and keeps it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).credentials.keys;
    expect(first).toHaveLength(1);
    expect(first[0]?.[1]).toHaveLength(32);
    expect(
      loadConfig({ DATA_DIR: dir }).credentials.keys[0]?.[1].equals(first[0]?.[1] as Buffer),
    ).toBe(true);
  });

  it('reads versioned keys, current first', () => {
    const a = Buffer.alloc(32, 1).toString('base64');
    const b = Buffer.alloc(32, 2).toString('base64url');
    const keys = loadConfig({ DATA_DIR: tempDir(), CREDENTIALS_KEY: `2:${b},1:${a}` }).credentials
      .keys;
    expect(keys.map(([v]) => v)).toEqual([2, 1]);
    expect(keys[1]?.[1].equals(Buffer.alloc(32, 1))).toBe(true);
  });

  it.each(['short', `1:${'A'.repeat(43)},1:${'B'.repeat(43)}`])(
    'refuses %s with one line',
    (value) => {
      expect(() => loadConfig({ DATA_DIR: tempDir(), CREDENTIALS_KEY: value })).toThrow(
        /^Invalid setting CREDENTIALS_KEY: /,
      );
    },
  );
});
