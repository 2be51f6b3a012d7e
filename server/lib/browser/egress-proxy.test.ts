import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressProxy } from './egress-proxy.ts';
import { UrlGuard } from './url-guard.ts';

describe('the egress proxy', () => {
  let proxy: EgressProxy;
  let proxyUrl: URL;
  let site: http.Server;
  let siteUrl: string;
  beforeAll(async () => {
    site = http.createServer((_req, res) => res.end('inside'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    proxy = new EgressProxy(new UrlGuard(['127.0.0.1']));
    proxyUrl = new URL(await proxy.listen());
  });
  afterAll(async () => {
    await proxy.close();
    site.close();
  });

  const viaProxy = (authorization?: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({
        host: proxyUrl.hostname,
        port: proxyUrl.port,
        path: siteUrl,
        headers: authorization ? { 'proxy-authorization': authorization } : {},
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
  const basic = (user: string, pass: string) =>
    `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

  it('answers 407 to any local process without its per-process credentials', async () => {
    expect((await viaProxy()).status).toBe(407);
    expect((await viaProxy(basic('browser', 'guessed'))).status).toBe(407);
    const { username, password } = proxy.credentials;
    expect(await viaProxy(basic(username, password))).toEqual({ status: 200, body: 'inside' });
  });

  it('refuses an HTTPS tunnel without them too', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(proxyUrl.port), proxyUrl.hostname, () => {
        socket.write(
          `CONNECT ${new URL(siteUrl).host} HTTP/1.1\r\nHost: ${new URL(siteUrl).host}\r\n\r\n`,
        );
      });
      let text = '';
      socket.on('data', (c) => {
        text += c;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 407 Proxy Authentication Required');
  });

  it('makes new credentials in every process', () => {
    const other = new EgressProxy(new UrlGuard([]));
    expect(other.credentials.password).not.toBe(proxy.credentials.password);
    expect(proxy.credentials.password.length).toBeGreaterThanOrEqual(32);
  });
});
