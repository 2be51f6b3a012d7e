import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { refusedAddressReason } from './address-ranges.ts';
import { RefusedUrlError } from './errors.ts';

/** Names that mean "this machine" or a cloud's metadata service, whatever DNS says. */
const REFUSED_NAMES = [
  /^localhost$/,
  /\.localhost$/,
  /^metadata$/,
  /^metadata\.google\.internal$/,
  /^metadata\.goog$/,
  /^instance-data(\.ec2\.internal)?$/,
];

const LOOKUP_TIMEOUT_MS = 5000;

export type ResolvedHost = { address: string; family: 4 | 6 };

/**
 * Decides which hosts the server's browser may reach. Every address a name resolves to must be
 * public, unless the name or the address is in the allow-list (BROWSER_ALLOWED_HOSTS).
 */
export class UrlGuard {
  private allowed: Set<string>;

  constructor(allowedHosts: string[]) {
    this.allowed = new Set(allowedHosts.map(normaliseHost));
  }

  /** Checks a URL the browser is about to open; throws RefusedUrlError with the reason. */
  async checkUrl(raw: string): Promise<URL> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new RefusedUrlError(raw, 'it is not a valid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new RefusedUrlError(raw, 'only http and https addresses may be opened');
    }
    await this.resolve(url.hostname, raw);
    return url;
  }

  /** The address to connect to for a host, after the checks; throws RefusedUrlError. */
  async resolve(hostname: string, shownAs = hostname): Promise<ResolvedHost> {
    const host = normaliseHost(hostname);
    const listed = this.allowed.has(host);
    if (!listed && REFUSED_NAMES.some((name) => name.test(host))) {
      throw new RefusedUrlError(shownAs, `${host} is a local name`);
    }
    const addresses = await resolveAll(host, shownAs);
    if (listed) return addresses[0] as ResolvedHost;
    for (const { address } of addresses) {
      if (this.allowed.has(normaliseHost(address))) continue;
      const reason = refusedAddressReason(address);
      if (reason) {
        const via = address === host ? '' : ` (${host} resolves to ${address})`;
        throw new RefusedUrlError(shownAs, `it points to a ${reason} address${via}`);
      }
    }
    return addresses[0] as ResolvedHost;
  }
}

/** Lower case, no IPv6 brackets, no trailing dot: the form both lists and URLs are compared in. */
function normaliseHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

async function resolveAll(host: string, shownAs: string): Promise<ResolvedHost[]> {
  const family = isIP(host);
  if (family !== 0) return [{ address: host, family: family as 4 | 6 }];
  let timer: NodeJS.Timeout | undefined;
  try {
    const answers = await Promise.race([
      lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), LOOKUP_TIMEOUT_MS);
      }),
    ]);
    if (answers.length === 0) throw new Error('no addresses');
    return answers.map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).message;
    throw new RefusedUrlError(shownAs, `its host name ${host} could not be resolved (${code})`, {
      unresolved: true,
    });
  } finally {
    clearTimeout(timer);
  }
}
