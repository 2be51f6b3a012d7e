import { randomBytes, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { RefusedUrlError } from './errors.ts';
import type { UrlGuard } from './url-guard.ts';

/** Headers that belong to one hop and must not be forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const IDLE_MS = 60_000;

/** Marks the proxy's own refusals, so a page that was refused can be told from a portal's 403. */
export const REFUSED_HEADER = 'x-egress-refused';

/**
 * The only way out for the browser: Chromium sends every request (navigations, redirects,
 * iframes, scripts, WebSockets, HTTPS tunnels) through this local proxy, which resolves the
 * host once, refuses private and local addresses (UrlGuard), and connects to the very address
 * it checked, so a DNS answer that changes between check and use changes nothing.
 */
export class EgressProxy {
  private server = http.createServer((req, res) => {
    if (this.authorized(req)) return this.forward(req, res);
    res.writeHead(407, { 'proxy-authenticate': 'Basic realm="egress"' }).end();
  });
  /** Hosts refused since start, for diagnostics and tests. */
  readonly refused: string[] = [];
  /**
   * The credentials only this process's browser is given: any other local process that finds
   * the port is answered 407, so it cannot use the proxy to reach out as the service.
   */
  readonly credentials = { username: 'browser', password: randomBytes(24).toString('base64url') };
  private readonly expected =
    `Basic ${Buffer.from(`${this.credentials.username}:${this.credentials.password}`).toString('base64')}`;

  constructor(private guard: UrlGuard) {
    this.server.on('connect', (req, socket: Socket, head) => {
      if (this.authorized(req)) return this.tunnel(req, socket, head);
      socket.on('error', () => socket.destroy());
      socket.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="egress"\r\n\r\n',
      );
    });
    this.server.on('upgrade', (_req, socket: Socket) => socket.destroy());
    this.server.on('clientError', (_err, socket) => socket.destroy());
  }

  private authorized(req: IncomingMessage): boolean {
    const given = Buffer.from(req.headers['proxy-authorization'] ?? '');
    const expected = Buffer.from(this.expected);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async forward(req: IncomingMessage, res: ServerResponse) {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
      if (target.protocol !== 'http:') throw new Error('not http');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const resolved = await this.check(target.hostname, res);
    if (!resolved) return;
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    // Connect to the checked address; the Host header the browser sent names the site.
    const upstream = http.request({
      host: resolved.address,
      family: resolved.family,
      port: target.port || 80,
      method: req.method,
      path: `${target.pathname}${target.search}`,
      headers: { ...headers, host: target.host },
      agent: false,
      timeout: IDLE_MS,
    });
    upstream.on('response', (answer) => {
      const out: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
      answer.pipe(res);
    });
    upstream.on('timeout', () => upstream.destroy(new Error('upstream timed out')));
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    // The browser gave up (page closed, time limit): stop talking to the portal as well.
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  }

  private async tunnel(req: IncomingMessage, client: Socket, head: Buffer) {
    client.on('error', () => client.destroy());
    const [host = '', port = '443'] = splitHostPort(req.url ?? '');
    let resolved: { address: string; family: 4 | 6 };
    try {
      resolved = await this.guard.resolve(host);
    } catch (error) {
      this.noteRefusal(host, error);
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = net.connect({ host: resolved.address, port: Number(port) }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.setTimeout(IDLE_MS, () => upstream.destroy());
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  }

  private async check(hostname: string, res: ServerResponse) {
    try {
      return await this.guard.resolve(hostname);
    } catch (error) {
      this.noteRefusal(hostname, error);
      res
        .writeHead(403, { 'content-type': 'text/plain', [REFUSED_HEADER]: '1' })
        .end('Refused by the egress guard');
      return null;
    }
  }

  private noteRefusal(host: string, error: unknown) {
    if (error instanceof RefusedUrlError && this.refused.length < 100) this.refused.push(host);
  }
}

/** `host:port` or `[v6]:port` from a CONNECT request line. */
function splitHostPort(authority: string): [string, string] {
  const v6 = /^\[([^\]]+)\]:(\d+)$/.exec(authority);
  if (v6) return [v6[1] ?? '', v6[2] ?? '443'];
  const i = authority.lastIndexOf(':');
  return i < 0 ? [authority, '443'] : [authority.slice(0, i), authority.slice(i + 1)];
}
