import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig } from './config.ts';

const trustOf = (TRUST_PROXY: string) =>
  loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ur-config-')), TRUST_PROXY }).trustProxy;

describe('TRUST_PROXY', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['true', { hops: 1 }],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.0/8, 192.0.2.1', { proxies: ['10.0.0.0/8', '192.0.2.1'] }],
    ['loopback,fd00::/8,::1', { proxies: ['loopback', 'fd00::/8', '::1'] }],
  ])('reads %j', (value, expected) => {
    expect(trustOf(value)).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', '10.0.0.1,', 'proxy.internal', '::1/129', '1.2.3.4/8/1'])(
    'refuses %j with one line naming the setting',
    (value) => {
      expect(() => trustOf(value)).toThrow(ConfigError);
      expect(() => trustOf(value)).toThrow(/^Invalid setting TRUST_PROXY: must be false, a number/);
    },
  );

  it('counts hops from the connecting peer (hop 0) leftwards', () => {
    const trust = fastifyTrustProxy({ hops: 2 });
    expect(typeof trust).toBe('function');
    const believes = trust as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => believes('10.0.0.1', hop))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
