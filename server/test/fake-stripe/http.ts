import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Form, parseForm, stableJson } from './form.ts';
import { Answer, type Json, type Route } from './route.ts';
import { newId } from './state.ts';

export type FakeStripeRequest = {
  method: string;
  path: string;
  query: Form;
  body: Form;
  headers: IncomingHttpHeaders;
};

export type FakeStripeReply = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * What a hook may ask for: nothing (answer normally); `'hang'` (Stripe does the work, the answer
 * never arrives); `'refuse'` (Stripe cannot be reached: the connection is cut, nothing done);
 * or a reply to send instead (Stripe did nothing, e.g. a 500).
 */
type FakeStripeHookResult = undefined | 'hang' | 'refuse' | FakeStripeReply;
export type FakeStripeHook = (
  request: FakeStripeRequest,
) => FakeStripeHookResult | undefined | Promise<FakeStripeHookResult | undefined>;

/** A request our code should not have sent, and why; a test asserts there are none. */
export type Unexpected = { method: string; path: string; reason: string };

/** Stripe's error body: `{ error: {...} }`, without the fields left undefined. */
function stripeError(status: number, error: Json): FakeStripeReply {
  const body = Object.fromEntries(Object.entries(error).filter(([, v]) => v !== undefined));
  return { status, body: { error: { ...body, request_log_url: null } } };
}

function run(
  route: Route,
  params: string[],
  form: Form,
  problem: (reason: string) => void,
): FakeStripeReply {
  try {
    return { status: 200, body: route.handle(params, form) };
  } catch (error) {
    if (!(error instanceof Answer)) throw error;
    if (error.ours) problem(error.message);
    return stripeError(error.status, error.error);
  }
}

/**
 * Answers requests as Stripe does: the secret key first, then the endpoint, its parameters
 * (none unknown), our own Idempotency-Key where one is needed, and Stripe's idempotency (the
 * first result replayed; other parameters under the same key refused). Whatever our code
 * should not have sent is recorded in `unexpected`.
 */
export function stripeAnswerer(secretKey: string, routes: Route[], unexpected: Unexpected[]) {
  const saved = new Map<string, { fingerprint: string; reply: FakeStripeReply }>();
  return function answer(request: FakeStripeRequest): FakeStripeReply {
    const { method, path, headers } = request;
    const problem = (reason: string) => unexpected.push({ method, path, reason });
    const authorization = headers.authorization;
    if (authorization !== `Bearer ${secretKey}`) {
      const key = authorization?.replace(/^Bearer /, '') ?? '';
      if (!/^(sk|rk)_test_/.test(key)) problem('no test-mode secret key');
      return stripeError(401, {
        type: 'invalid_request_error',
        message: key
          ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}${key.slice(-4)}`
          : 'You did not provide an API key.',
      });
    }
    const match = routes
      .filter((route) => route.method === method)
      .map((route) => ({ route, params: route.path.exec(path)?.slice(1) }))
      .find((m) => m.params);
    if (!match?.params) {
      problem('no such endpoint');
      return stripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}).`,
      });
    }
    const { route, params } = match;
    const form = method === 'POST' ? request.body : request.query;
    const unknown = Object.keys(form).find((key) => !route.allowed.includes(key));
    if (unknown) {
      problem(`unknown parameter ${unknown}`);
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        message: `Received unknown parameter: ${unknown}`,
        param: unknown,
      });
    }
    const key = headers['idempotency-key'];
    const ownKey = typeof key === 'string' && !key.startsWith('stripe-node-retry-') ? key : null;
    if (route.needsKey && !ownKey) {
      problem('no Idempotency-Key of our own');
      return stripeError(400, {
        type: 'invalid_request_error',
        message: 'This fake wants our own Idempotency-Key on every call that creates or charges.',
      });
    }
    if (method !== 'POST' || typeof key !== 'string') return run(route, params, form, problem);
    // Stripe's idempotency: the first result is saved and replayed; other parameters are refused.
    const fingerprint = `${method} ${path} ${stableJson(form)}`;
    const previous = saved.get(key);
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        return stripeError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      return {
        ...previous.reply,
        headers: { ...previous.reply.headers, 'Idempotent-Replayed': 'true' },
      };
    }
    const reply = run(route, params, form, problem);
    // Like Stripe, a request refused before it ran (400) saves nothing.
    if (reply.status !== 400) saved.set(key, { fingerprint, reply });
    return reply;
  };
}

/**
 * The HTTP server on a free local port: each request is parsed (Stripe's form encoding in the
 * query and the body), recorded in `requests`, offered to the test's hook, then answered. A
 * failure of the fake itself is answered with a 500 and recorded in `unexpected`.
 */
export async function serve(options: {
  answer: (request: FakeStripeRequest) => FakeStripeReply;
  hook: () => FakeStripeHook | undefined;
  requests: FakeStripeRequest[];
  unexpected: Unexpected[];
}) {
  const { answer, hook, requests, unexpected } = options;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const request: FakeStripeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: parseForm(url.searchParams),
        body: parseForm(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
        headers: req.headers,
      };
      requests.push(request);
      let reply: FakeStripeReply;
      try {
        const hooked = await hook()?.(request);
        if (hooked === 'refuse') {
          req.socket.destroy();
          return;
        }
        if (hooked && hooked !== 'hang') {
          reply = hooked;
        } else {
          reply = answer(request);
          if (hooked === 'hang') return;
        }
      } catch (error) {
        unexpected.push({ method: request.method, path: request.path, reason: String(error) });
        reply = stripeError(500, { type: 'api_error', message: 'The fake failed.' });
      }
      if (res.destroyed) return;
      res.writeHead(reply.status, {
        'Content-Type': 'application/json',
        'Request-Id': newId('req'),
        ...reply.headers,
      });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
