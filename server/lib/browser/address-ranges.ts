import { BlockList, isIP } from 'node:net';

/**
 * Addresses the server's browser must not reach unless an admin allows them: loopback,
 * private, link-local, CGNAT, multicast, unspecified, reserved and cloud metadata, IPv4 and
 * IPv6. BlockList also applies the IPv4 rules to IPv4-mapped IPv6 (::ffff:a.b.c.d).
 */
const refused = new BlockList();
const v4: [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
  ['168.63.129.16', 32, 'cloud metadata'],
];
const v6: [string, number, string][] = [
  ['::', 96, 'unspecified or loopback'],
  ['64:ff9b:1::', 48, 'local NAT64'],
  ['100::', 64, 'reserved'],
  ['2001::', 32, 'Teredo'],
  ['2001:db8::', 32, 'reserved'],
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];
const labels = new Map<string, string>();
for (const [net, prefix, label] of v4) {
  refused.addSubnet(net, prefix, 'ipv4');
  labels.set(`${net}/${prefix}`, label);
}
for (const [net, prefix] of v6) refused.addSubnet(net, prefix, 'ipv6');

/** Why an address may not be opened, or null when it is a public address. */
export function refusedAddressReason(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  if (family === 4) return refused.check(address, 'ipv4') ? v4Label(address) : null;
  if (refused.check(address, 'ipv6')) return v6Label(address);
  // NAT64 and 6to4 addresses carry an IPv4 address: judge that one.
  const embedded = embeddedIPv4(address);
  return embedded ? refusedAddressReason(embedded) : null;
}

function v4Label(address: string): string {
  for (const [net, prefix, label] of v4) {
    const one = new BlockList();
    one.addSubnet(net, prefix, 'ipv4');
    if (one.check(address, 'ipv4')) return label;
  }
  return 'reserved';
}

function v6Label(address: string): string {
  const mapped = /^::ffff:/i.test(address) ? 'IPv4-mapped ' : '';
  for (const [net, prefix, label] of v6) {
    const one = new BlockList();
    one.addSubnet(net, prefix, 'ipv6');
    if (one.check(address, 'ipv6')) return `${mapped}${label}`;
  }
  // Only IPv4-mapped addresses reach here: the IPv4 rules matched.
  const groups = expandIPv6(address);
  const v4address = groups ? groupsToIPv4(groups[6] ?? 0, groups[7] ?? 0) : '';
  return `${mapped}${v4Label(v4address)}`;
}

/** The IPv4 address inside a NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address. */
function embeddedIPv4(address: string): string | null {
  const g = expandIPv6(address);
  if (!g) return null;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (nat64) return groupsToIPv4(g[6] ?? 0, g[7] ?? 0);
  if (g[0] === 0x2002) return groupsToIPv4(g[1] ?? 0, g[2] ?? 0);
  return null;
}

const groupsToIPv4 = (high: number, low: number) =>
  [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/** Eight 16-bit groups of an IPv6 address (with `::` and a dotted IPv4 tail expanded). */
export function expandIPv6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array(tail === undefined ? 0 : missing).fill('0'), ...right];
  const numbers = groups.map((g) => Number.parseInt(g, 16));
  return numbers.some((n) => Number.isNaN(n) || n > 0xffff) ? null : numbers;
}
