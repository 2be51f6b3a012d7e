import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppProcess, callApp, freePort, startAppProcess } from './test/app-process.ts';

// The key kept outside DATA_DIR (CREDENTIALS_KEY_FILE), and a restart that forgets the setting:
// the server used to make a new key in DATA_DIR and come up, and every saved login failed
// later. Now it stops at once with one line naming the setting.

const dataDir = mkdtempSync(path.join(tmpdir(), 'ur-key-restart-'));
const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'ur-key-secret-')), 'credentials-key');
writeFileSync(keyFile, `${randomBytes(32).toString('base64url')}\n`);
const admin = { username: 'key-admin', password: 'key-admin-password' };
let app: AppProcess | undefined;

const start = async (env: Record<string, string>) => {
  app = await startAppProcess({
    env: {
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      ...env,
    },
  });
  return app;
};

afterAll(async () => app?.kill());

describe('a restart without the credential key file', () => {
  it('exits 1 with one line naming CREDENTIALS_KEY_FILE, and starts again once it is given', async () => {
    const first = await start({ CREDENTIALS_KEY_FILE: keyFile });
    const api = (method: string, url: string, body?: object, cookie?: string) =>
      callApp(first.base, method, url, body, cookie);
    const { cookie } = await api('POST', '/api/login', admin);
    const provider = await api(
      'POST',
      '/api/providers',
      { name: 'Key Utility', state: 'Ohio' },
      cookie,
    );
    const me = await api('GET', '/api/user', undefined, cookie);
    const saved = await api('POST', `/api/form/${me.json.uniqueFormUrl}`, {
      name: 'Kim Key',
      email: 'kim@example.com',
      address: '2 Vault Road',
      providerId: provider.json.id,
      username: 'kim-portal',
      password: 'kim-portal-pass',
      consent: true,
    });
    expect(saved.status).toBe(201);
    await first.stop();
    expect(existsSync(path.join(dataDir, 'credentials-key'))).toBe(false);

    const forgot = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        CREDENTIALS_KEY: '',
        CREDENTIALS_KEY_FILE: '',
        CREDENTIALS_KMS_KEY_ID: '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(forgot.status, forgot.stderr).toBe(1);
    expect(forgot.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Missing setting CREDENTIALS_KEY_FILE: /),
    ]);

    const again = await start({ CREDENTIALS_KEY_FILE: keyFile });
    const login = await callApp(again.base, 'POST', '/api/login', admin);
    const reveal = await callApp(
      again.base,
      'POST',
      `/api/connections/${saved.json.id}/credentials`,
      undefined,
      login.cookie,
    );
    expect(reveal.status).toBe(200);
    expect(reveal.json).toMatchObject({ utilityPassword: 'kim-portal-pass' });
  }, 180_000);
});
