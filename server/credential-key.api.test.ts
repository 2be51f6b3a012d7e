import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connections } from './db/schema.ts';
import { CredentialVault } from './lib/vault.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { createProvider, submission, submitForm } from './test/connections.ts';
import { signedIn } from './test/factories.ts';

// The credential key this start has must open the logins saved before it; when it cannot,
// the start stops (server/credential-key-restart.test.ts shows the process's one line), and
// a login it still cannot open is refused to the admin in words, never as a failure of ours.

const newKey = () => randomBytes(32).toString('base64url');
const savedKey = newKey();
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ CREDENTIALS_KEY: savedKey });
  admin = await signedIn(t.app, t.database.db, 'admin');
});
afterAll(async () => t?.close());

async function saveLogin(): Promise<number> {
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/user',
    headers: { cookie: admin.cookie },
  });
  const provider = await createProvider(t.database.db);
  const sent = await submitForm(t.app, me.json().uniqueFormUrl, submission(provider.id));
  expect(sent.statusCode).toBe(201);
  return sent.json().id;
}

/** Another process on the same database, with these settings. */
async function startWith(env: Record<string, string>) {
  const config = loadConfig(
    { ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    {
      clientDir: undefined,
      dataDir: t.config.dataDir,
    },
  );
  return buildApp({ config, database: t.database, jobMode: 'inline' });
}

describe('a start whose credential key cannot open the saved logins', () => {
  it('stops on one line naming the setting', async () => {
    await saveLogin();
    const other = await startWith({ DATA_DIR: t.config.dataDir, CREDENTIALS_KEY: newKey() });
    const error: unknown = await other.databaseReady.catch((e: unknown) => e);
    await other.close();
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /^Invalid setting CREDENTIALS_KEY: its key cannot open the utility logins saved earlier/,
    );
    // What the process prints before it exits 1.
    expect(inspect(error)).toBe((error as Error).message);

    const same = await startWith({ DATA_DIR: t.config.dataDir, CREDENTIALS_KEY: savedKey });
    await same.databaseReady;
    await same.close();
  });
});

describe('revealing a login sealed with a key this server does not have', () => {
  it('answers the admin in words instead of failing', async () => {
    const id = await saveLogin();
    // An older login sealed under the same key version by a key since replaced: the start
    // checks the newest login of each version, so this one is found only when revealed.
    const stranger = new CredentialVault([[1, Buffer.from(newKey(), 'base64url')]]);
    await t.database.db
      .update(connections)
      .set({
        utilityUsernameSealed: stranger.seal('dana-portal', `connection:${id}:username`).value,
        utilityPasswordSealed: stranger.seal('portal-pass-123', `connection:${id}:password`).value,
      })
      .where(eq(connections.id, id));
    await saveLogin();
    const reveal = await t.app.inject({
      method: 'POST',
      url: `/api/connections/${id}/credentials`,
      headers: { cookie: admin.cookie },
    });
    expect(reveal.statusCode).toBe(409);
    expect(reveal.json().message).toMatch(/sealed with a credential key this server does not have/);
    expect(reveal.json().message).toMatch(/CREDENTIALS_KEY_FILE/);
  });
});
