import { describe, expect, it } from 'vitest';
import { hostOf, initialOf } from './provider-display.ts';

describe('hostOf', () => {
  it('shows the host of a URL, and anything else as it is', () => {
    expect(hostOf('https://www.pge.com/en/login?x=1')).toBe('www.pge.com');
    expect(hostOf('http://localhost:8080/a')).toBe('localhost:8080');
    expect(hostOf('not a url')).toBe('not a url');
  });
});

describe('initialOf', () => {
  it('takes the first letter or digit, upper-cased', () => {
    expect(initialOf('pacific Gas')).toBe('P');
    expect(initialOf('  (3) Rivers')).toBe('3');
    expect(initialOf('Éclair Power')).toBe('É');
    expect(initialOf('---')).toBe('?');
  });
});
