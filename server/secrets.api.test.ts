import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.ts';
import { KEY_INSIDE_DATA_DIR, loadConfig } from './config.ts';
import { connections, credentialDataKeys } from './db/schema.ts';
import { createTestApp } from './test/app.ts';
import { createProvider, submission, submitForm } from './test/connections.ts';
import { signedIn } from './test/factories.ts';
import { type FakeKms, startFakeKms } from './test/fake-kms.ts';

describe('envelope encryption with KMS', () => {
  let kms: FakeKms;
  beforeAll(async () => {
    kms = await startFakeKms();
    // The SDK's default credential chain reads these, as it would an instance role's.
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY');
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await kms.close();
  });

  it('seals with a data key stored only wrapped, keeps no key in DATA_DIR, and opens after a restart', async () => {
    const env = { CREDENTIALS_KMS_KEY_ID: kms.keyId, CREDENTIALS_KMS_ENDPOINT: kms.url };
    const t = await createTestApp(env);
    const admin = await signedIn(t.app, t.database.db, 'admin');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: admin.cookie },
    });
    const provider = await createProvider(t.database.db);
    const sent = await submitForm(t.app, me.json().uniqueFormUrl, submission(provider.id));
    expect(sent.statusCode).toBe(201);
    const id = sent.json().id;

    const [stored] = await t.database.db.select().from(credentialDataKeys);
    expect(stored?.kmsKeyId).toBe(kms.keyId);
    const [row] = await t.database.db.select().from(connections);
    expect(row?.utilityPasswordSealed).toMatch(new RegExp(`^v${stored?.version}\\.`));
    expect(existsSync(path.join(t.config.dataDir, 'credentials-key'))).toBe(false);
    expect(t.config.credentials.warning).toBeUndefined();
    expect(kms.calls.filter((c) => c.target === 'TrentService.GenerateDataKey')).toHaveLength(1);
    expect(kms.calls[0]?.body.EncryptionContext).toEqual({
      purpose: 'utility-reports credential vault',
    });

    // Another process on the same database: the stored key is unwrapped, none is generated.
    const other = await buildApp({ config: t.config, database: t.database, jobMode: 'inline' });
    await other.databaseReady;
    const reveal = await other.inject({
      method: 'POST',
      url: `/api/connections/${id}/credentials`,
      headers: { cookie: admin.cookie },
    });
    expect(reveal.json()).toMatchObject({ utilityPassword: 'portal-pass-123' });
    expect(kms.calls.filter((c) => c.target === 'TrentService.GenerateDataKey')).toHaveLength(1);
    expect(kms.calls.filter((c) => c.target === 'TrentService.Decrypt').length).toBeGreaterThan(0);
    await other.close();
    await t.close();
  });
});

describe('where the key lives', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'ur-key-'));
  const key = 'q2dP8wz3Jm0Zt3kQ1o5Yx8JYkX6i9u1mVdQeWZrYb0E';

  it('warns while the key is generated into DATA_DIR, and not when it comes from outside', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).credentials.warning).toBe(KEY_INSIDE_DATA_DIR);
    expect(
      loadConfig({ DATA_DIR: dataDir(), CREDENTIALS_KEY: key }).credentials.warning,
    ).toBeUndefined();
    const outside = path.join(mkdtempSync(path.join(tmpdir(), 'ur-secret-')), 'key');
    writeFileSync(outside, `${key}\n`);
    const fromFile = loadConfig({ DATA_DIR: dataDir(), CREDENTIALS_KEY_FILE: outside });
    expect(fromFile.credentials.warning).toBeUndefined();
    expect(fromFile.credentials.keys[0]?.[1]).toEqual(Buffer.from(key, 'base64url'));
    const dir = dataDir();
    writeFileSync(path.join(dir, 'my-key'), key);
    const inside = loadConfig({ DATA_DIR: dir, CREDENTIALS_KEY_FILE: path.join(dir, 'my-key') });
    expect(inside.credentials.warning).toBe(KEY_INSIDE_DATA_DIR);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), CREDENTIALS_KEY_FILE: '/nonexistent/key' }),
    ).toThrow('Invalid setting CREDENTIALS_KEY_FILE: cannot read /nonexistent/key');
  });

  it('shows the warning to admins on the dashboard, and to nobody else', async () => {
    const t = await createTestApp();
    const admin = await signedIn(t.app, t.database.db, 'admin');
    const user = await signedIn(t.app, t.database.db, 'user');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/system/warnings',
      headers: { cookie: admin.cookie },
    });
    expect(res.json()).toEqual({ warnings: [KEY_INSIDE_DATA_DIR] });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/system/warnings',
      headers: { cookie: user.cookie },
    });
    expect(refused.statusCode).toBe(403);
    await t.close();
  });
});
