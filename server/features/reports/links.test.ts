import { describe, expect, it } from 'vitest';
import { ReportLinks } from './links.ts';

const links = new ReportLinks('a-session-secret-that-is-long-enough-000');
const inAWeek = new Date(Date.now() + 7 * 24 * 3600 * 1000);

describe('signed report links', () => {
  it('open the report they were made for until they expire', () => {
    const token = links.token(42, inAWeek);
    expect(links.verify(42, token)).toBe(true);
    expect(links.verify(42, token, inAWeek.getTime() + 1000)).toBe(false);
  });

  it('are bound to one report version', () => {
    expect(links.verify(43, links.token(42, inAWeek))).toBe(false);
  });

  it('cannot be extended or forged without the secret', () => {
    const token = links.token(42, inAWeek);
    const [, signature] = token.split('.');
    const later = Math.floor(inAWeek.getTime() / 1000 + 86_400 * 365).toString(36);
    expect(links.verify(42, `${later}.${signature}`)).toBe(false);
    const other = new ReportLinks('another-secret-that-is-long-enough-00000');
    expect(links.verify(42, other.token(42, inAWeek))).toBe(false);
    for (const junk of ['', '.', 'abc', `${token}x`, 'zzzzzzzzzzzz.abc', token.replace('.', '')]) {
      expect(links.verify(42, junk), junk).toBe(false);
    }
  });
});
