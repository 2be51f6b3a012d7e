import { describe, expect, it } from 'vitest';
import { maskSecret } from './webhook-secret.tsx';

describe('the signing secret', () => {
  it('hides all of the secret but its prefix', () => {
    const masked = maskSecret('whsec_abcdefghijklmnopqrstuvwxyz012345');
    expect(masked.startsWith('whsec_•')).toBe(true);
    expect(masked).not.toMatch(/[a-z0-9]{2,}$/);
    expect(maskSecret('plain-secret')).not.toContain('plain');
  });
});
