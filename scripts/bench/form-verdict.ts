import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PORTAL_ACCOUNTS, startPortals } from '../../server/features/automation/testing/portals.ts';
import { callApp, startAppProcess } from '../../server/test/app-process.ts';

/** How long the slow portal takes over every answer, as a real utility's sign-in page might. */
const PORTAL_DELAY_MS = 1000;
const RUNS = 3;
/** Read every half second, within the route's 120 reads a minute (the page itself reads every 1.5 s). */
const POLL_MS = 500;

/** The test portals behind a proxy that holds every answer back by PORTAL_DELAY_MS. */
async function slowPortal(target: string) {
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      `${target}${req.url ?? '/'}`,
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (answer) => {
        setTimeout(() => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        }, PORTAL_DELAY_MS);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * The customer's wait on the form: from Submit to the verdict their page shows (signed in, or
 * the portal refused the login), on the real server with its worker and browser, against a
 * portal that takes a second over every answer. The first check also starts Chromium.
 */
export async function benchFormVerdict(): Promise<void> {
  const portals = await startPortals();
  const portal = await slowPortal(portals.url('').replace(/\/$/, ''));
  const app = await startAppProcess({
    env: {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ur-bench-verdict-')),
      ADMIN_USERNAME: 'bench-admin',
      ADMIN_PASSWORD: 'bench-admin-password',
      BROWSER_ALLOWED_HOSTS: '127.0.0.1',
      PROVIDER_LOGIN_INTERVAL_SECONDS: '0',
      FORM_RATE_LIMIT: '1000',
      SEED_PROVIDERS: 'false',
    },
  });
  try {
    const call = (method: string, url: string, body?: object, cookie?: string) =>
      callApp(app.base, method, url, body, cookie);
    const admin = await call('POST', '/api/login', {
      username: 'bench-admin',
      password: 'bench-admin-password',
    });
    const provider = await call(
      'POST',
      '/api/providers',
      { name: 'Slow Electric', state: 'Ohio', loginUrl: `${portal.url}/plain` },
      admin.cookie,
    );
    if (provider.status !== 201) throw new Error(`provider: ${JSON.stringify(provider.json)}`);
    const user = await call('POST', '/api/register', {
      username: `verdict_${Date.now()}`,
      password: 'a long enough password',
    });
    const verdictAfterSubmit = async (account: { username: string; password: string }) => {
      const started = performance.now();
      const form = await call('POST', `/api/form/${user.json.uniqueFormUrl}`, {
        name: 'Vera Verdict',
        email: 'vera@example.com',
        address: '1 Waiting Way',
        providerId: provider.json.id,
        ...account,
        consent: true,
      });
      if (form.status !== 201) throw new Error(`form: ${JSON.stringify(form.json)}`);
      for (;;) {
        const check = await call('GET', `/api/login-check/${form.json.codeToken}`);
        if (check.status !== 200)
          return {
            state: `HTTP ${check.status} ${JSON.stringify(check.json)}`,
            ms: performance.now() - started,
          };
        if (check.json?.state !== 'checking') {
          return { state: String(check.json?.state), ms: performance.now() - started };
        }
        if (performance.now() - started > 60_000) return { state: 'no verdict', ms: 60_000 };
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };
    const first = await verdictAfterSubmit(PORTAL_ACCOUNTS.good);
    console.log(
      `form verdict, first check (Chromium starts): ${(first.ms / 1000).toFixed(1)} s (${first.state})`,
    );
    for (const [label, account] of [
      ['right password', PORTAL_ACCOUNTS.good],
      ['wrong password', PORTAL_ACCOUNTS.wrong],
    ] as const) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await verdictAfterSubmit(account));
      const states = [...new Set(runs.map((run) => run.state))].join(', ');
      console.log(
        `form verdict, ${label}, portal answering in ${PORTAL_DELAY_MS / 1000} s: median ${(median(runs.map((run) => run.ms)) / 1000).toFixed(1)} s of ${RUNS} (${states}) (target < 10 s)`,
      );
    }
  } finally {
    await app.stop();
    await portal.close();
    await portals.close();
  }
}
