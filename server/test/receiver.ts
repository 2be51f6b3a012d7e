import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: IncomingHttpHeaders; body: string };

/**
 * A customer's webhook endpoint on loopback: records every request that arrives and answers
 * with `status` (200 until a test changes it).
 */
export async function startReceiver(path = '/hooks') {
  const state = { received: [] as Received[], status: 200 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      state.received.push({ headers: req.headers, body });
      res.statusCode = state.status;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    /** Forgets what arrived and answers 200 again. */
    reset() {
      state.received = [];
      state.status = 200;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
