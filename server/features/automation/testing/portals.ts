import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveCaptcha } from './captcha-portals.ts';
import * as pages from './portal-pages.ts';
import { serveRetrieval } from './retrieval-portals.ts';
import { serveReveal } from './reveal-portals.ts';

/** Accounts of the test portals and what signing in with them leads to. */
export const PORTAL_ACCOUNTS = {
  good: { username: 'dana', password: 'right-pass' },
  /** The same account, for portals whose username field is an email field. */
  goodEmail: { username: 'dana@example.com', password: 'right-pass' },
  mfa: { username: 'mfa-user', password: 'right-pass' },
  locked: { username: 'locked-user', password: 'any-pass' },
  wrong: { username: 'dana', password: 'wrong-pass' },
};

type Answer = { redirect: string } | { message: string };

function signIn(username: string, password: string): Answer {
  if (username === 'locked-user') {
    return {
      message:
        'Your account has been locked after too many unsuccessful sign-in attempts. Call 1-800-555-0199 to unlock it.',
    };
  }
  const dana = username === 'dana' || username === 'dana@example.com';
  if (password === 'right-pass' && dana) return { redirect: '/portal/account' };
  if (password === 'right-pass' && username === 'mfa-user') return { redirect: '/portal/verify' };
  return { message: 'The username or password you entered is incorrect. Please try again.' };
}

async function readBody(req: IncomingMessage): Promise<Record<string, string>> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  if ((req.headers['content-type'] ?? '').includes('json')) return JSON.parse(raw || '{}');
  return Object.fromEntries(new URLSearchParams(raw));
}

const html = (res: ServerResponse, body: string, status = 200) =>
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);

type Route = (req: IncomingMessage, res: ServerResponse, ctx: { crossOrigin: string }) => unknown;

const routes: Record<string, Route> = {
  'GET /plain': (_q, res) => html(res, pages.layout('Sign in', pages.plainForm('/portal/session'))),
  'GET /portal': (_q, res) =>
    html(res, pages.layout('Sign in', pages.plainForm('/portal/session'))),
  'GET /labels': (_q, res) => html(res, pages.layout('Log in', pages.labelOnlyForm)),
  'GET /aria': (_q, res) => html(res, pages.layout('Sign in', pages.ariaOnlyForm)),
  'GET /decoys': (_q, res) => html(res, pages.layout('Sign in', pages.decoyForms)),
  'GET /delayed': (_q, res) =>
    html(res, pages.layout('My Account', '<div id="app">Loading…</div>', pages.delayedScript)),
  'GET /shadow': (_q, res) =>
    html(res, pages.layout('Sign in', '<utility-login></utility-login>', pages.shadowScript)),
  'GET /two-step': (_q, res) => html(res, pages.layout('Sign in', pages.identifierStep)),
  'POST /two-step/identify': async (req, res) => {
    const { identifier = '' } = await readBody(req);
    html(res, pages.layout('Password', pages.passwordStep(identifier)));
  },
  'GET /iframe': (_q, res) =>
    html(
      res,
      pages.layout(
        'My Account',
        '<h1>My Account</h1><iframe title="Customer sign in" src="/frame/login" width="600" height="420"></iframe>',
      ),
    ),
  'GET /iframe-cross': (_q, res, { crossOrigin }) =>
    html(
      res,
      pages.layout(
        'My Account',
        `<h1>My Account</h1><iframe title="Secure sign in" src="${crossOrigin}/frame/login" width="600" height="420"></iframe>`,
      ),
    ),
  'GET /frame/login': (_q, res) => html(res, pages.plainForm('/portal/session')),
  'GET /captcha': (_q, res) => html(res, pages.layout('Sign in', pages.captchaForm)),
  'GET /recaptcha/api2/anchor': (_q, res) =>
    html(res, '<label><input type="checkbox"> I\'m not a robot</label>'),
  'GET /down': (_q, res) => html(res, pages.layout('Maintenance', pages.maintenance), 503),
  // Accepts the connection and never answers, like a portal stuck behind a dead gateway.
  'GET /hang': () => {},
  'POST /portal/session': async (req, res) => {
    const body = await readBody(req);
    const answer = signIn(body.username ?? body.email ?? body.user ?? '', body.password ?? '');
    if ('redirect' in answer) return res.writeHead(302, { location: answer.redirect }).end();
    html(res, pages.layout('Sign in', pages.plainForm('/portal/session', answer.message)));
  },
  'POST /api/session': async (req, res) => {
    const body = await readBody(req);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(signIn(body.username ?? '', body.password ?? '')));
  },
  'GET /portal/account': (_q, res) => html(res, pages.layout('Account', pages.dashboard)),
  'GET /portal/verify': (_q, res) => html(res, pages.layout('Verify', pages.verificationPrompt)),
};

export type Portals = {
  /** An address on the main portal server: `url('/plain')`. */
  url(path: string): string;
  /** The same portals on a second port (another origin), for cross-origin frames. */
  crossUrl(path: string): string;
  /** Requests received, as `METHOD /path`, for asserting what reached the portal. */
  requests: string[];
  /** Usage exports the retrieval portals sent, as `format:months`. */
  exports: string[];
  /** Where the `mfa` retrieval portal was asked to send its codes. */
  mfaChoices: string[];
  close(): Promise<void>;
};

/** Starts the test portals on two loopback ports. */
export async function startPortals(): Promise<Portals> {
  const requests: string[] = [];
  const served = { exports: [] as string[], mfaChoices: [] as string[] };
  const servers = [0, 1].map(() => http.createServer());
  const listen = (s: http.Server) =>
    new Promise<string>((resolve) =>
      s.listen(0, '127.0.0.1', () =>
        resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`),
      ),
    );
  const [main, cross] = [
    await listen(servers[0] as http.Server),
    await listen(servers[1] as http.Server),
  ];
  for (const server of servers) {
    server.on('request', async (req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const key = `${req.method} ${path}`;
      requests.push(key);
      if (await serveRetrieval(req, res, served)) return;
      if (await serveReveal(req, res, cross, signIn)) return;
      if (await serveCaptcha(req, res)) return;
      const route = routes[key];
      if (!route) return html(res, pages.layout('Not found', '<h1>Page not found</h1>'), 404);
      await route(req, res, { crossOrigin: cross });
    });
  }
  return {
    url: (path) => `${main}${path}`,
    crossUrl: (path) => `${cross}${path}`,
    requests,
    exports: served.exports,
    mfaChoices: served.mfaChoices,
    close: async () => {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}
