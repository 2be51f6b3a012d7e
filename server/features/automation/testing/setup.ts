import { afterAll, beforeAll } from 'vitest';
import { BrowserService } from '../../../lib/browser/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedIn } from '../../../test/factories.ts';
import { type Portals, startPortals } from './portals.ts';

/**
 * The test portals and a browser allowed to reach them, started before the file's tests and
 * closed after. Read them inside tests (`env.browser`), once `beforeAll` has run.
 */
export function portalsAndBrowser(limits: { pageTimeoutMs: number; taskTimeoutMs: number }) {
  const env = {} as { portals: Portals; browser: BrowserService };
  beforeAll(async () => {
    env.portals = await startPortals();
    env.browser = new BrowserService({
      executablePath: undefined,
      allowedHosts: ['127.0.0.1'],
      maxPages: 2,
      ...limits,
    });
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.portals?.close();
  });
  return env;
}

/**
 * The test portals and an app whose browser may reach them, with no spacing between logins,
 * and an admin's and a user's session cookies.
 */
export function portalsAndApp(settings: Record<string, string> = {}) {
  const env = {} as { t: TestApp; portals: Portals; admin: string; user: string };
  beforeAll(async () => {
    env.portals = await startPortals();
    env.t = await createTestApp({
      BROWSER_ALLOWED_HOSTS: '127.0.0.1',
      PROVIDER_LOGIN_INTERVAL_SECONDS: '0',
      ...settings,
    });
    env.admin = (await signedIn(env.t.app, env.t.database.db, 'admin')).cookie;
    env.user = (await signedIn(env.t.app, env.t.database.db, 'user')).cookie;
  });
  afterAll(async () => {
    await env.t?.close();
    await env.portals?.close();
  });
  return env;
}
