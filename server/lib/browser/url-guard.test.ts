import { describe, expect, it } from 'vitest';
import { expandIPv6, refusedAddressReason } from './address-ranges.ts';
import { RefusedUrlError } from './errors.ts';
import { UrlGuard } from './url-guard.ts';

const refusal = async (guard: UrlGuard, url: string) => {
  try {
    await guard.checkUrl(url);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(RefusedUrlError);
    expect((error as RefusedUrlError).statusCode).toBe(400);
    return (error as RefusedUrlError).message;
  }
};

describe('UrlGuard', () => {
  const guard = new UrlGuard([]);

  it.each([
    ['http://127.0.0.1/', /loopback/],
    ['http://127.8.9.10:8080/login', /loopback/],
    ['http://10.1.2.3/', /private/],
    ['http://172.16.5.4/', /private/],
    ['http://192.168.1.1/', /private/],
    ['http://100.64.0.1/', /carrier-grade NAT/],
    ['http://169.254.169.254/latest/meta-data/', /link-local \(cloud metadata\)/],
    ['http://168.63.129.16/', /cloud metadata/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://224.0.0.1/', /multicast/],
    ['http://[::1]/', /unspecified or loopback/],
    ['http://[::]/', /unspecified or loopback/],
    ['http://[fe80::1]/', /link-local/],
    ['http://[fd00:ec2::254]/', /private/],
    ['http://[ff02::1]/', /multicast/],
    ['http://[::ffff:127.0.0.1]/', /IPv4-mapped loopback/],
    ['http://[::ffff:a9fe:a9fe]/', /IPv4-mapped link-local/],
    ['http://[64:ff9b::a9fe:a9fe]/', /link-local/],
    ['http://[2002:0a00:0001::1]/', /private/],
    ['http://2130706433/', /loopback/],
    ['http://0x7f.1/', /loopback/],
    ['http://localhost:5000/', /localhost is a local name/],
    ['http://portal.localhost/', /local name/],
    ['http://metadata.google.internal/computeMetadata/v1/', /local name/],
  ])('refuses %s', async (url, reason) => {
    const message = await refusal(guard, url);
    expect(message).toMatch(reason);
    expect(message).toMatch(/BROWSER_ALLOWED_HOSTS/);
  });

  it.each([
    'ftp://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<p>x</p>',
  ])('refuses the scheme of %s', async (url) => {
    expect(await refusal(guard, url)).toMatch(/only http and https/);
  });

  it('refuses what is not a URL', async () => {
    expect(await refusal(guard, 'portal.example.com/login')).toMatch(/not a valid URL/);
  });

  it('allows public addresses', async () => {
    await expect(guard.checkUrl('https://93.184.216.34/login')).resolves.toBeInstanceOf(URL);
    await expect(guard.checkUrl('https://[2606:4700::1111]/')).resolves.toBeInstanceOf(URL);
    await expect(guard.resolve('8.8.8.8')).resolves.toEqual({ address: '8.8.8.8', family: 4 });
  });

  it('allows listed hosts and addresses, and nothing more', async () => {
    const allowing = new UrlGuard(['127.0.0.1', '[::1]', 'Portal.Test']);
    await expect(allowing.checkUrl('http://127.0.0.1:4000/login')).resolves.toBeInstanceOf(URL);
    await expect(allowing.checkUrl('http://[::1]:4000/')).resolves.toBeInstanceOf(URL);
    expect(await refusal(allowing, 'http://localhost:4000/')).toMatch(/local name/);
    expect(await refusal(allowing, 'http://10.0.0.1/')).toMatch(/private/);
    expect(await refusal(allowing, 'http://169.254.169.254/')).toMatch(/link-local/);
    const byName = new UrlGuard(['localhost']);
    await expect(byName.checkUrl('http://localhost:4000/')).resolves.toBeInstanceOf(URL);
  });

  it('says when a host name does not resolve', async () => {
    const message = await refusal(guard, 'http://no-such-host.invalid/');
    expect(message).toMatch(/could not be resolved/);
    expect(message).not.toMatch(/BROWSER_ALLOWED_HOSTS/);
  });
});

describe('address ranges', () => {
  it('expands IPv6 forms', () => {
    expect(expandIPv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(expandIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(expandIPv6('2001:db8::8:800:200c:417a')).toEqual([
      0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a,
    ]);
    expect(expandIPv6('1:2:3')).toBeNull();
  });

  it('leaves public addresses alone', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700::1111', '64:ff9b::808:808']) {
      expect(refusedAddressReason(address)).toBeNull();
    }
  });
});
