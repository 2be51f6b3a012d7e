import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides one-time tokens and signatures, keeps the rest of the address', () => {
    expect(redactUrl('/set-password?token=abc_DEF-123')).toBe('/set-password?token=[redacted]');
    expect(redactUrl('/x?a=1&token=abc&b=2')).toBe('/x?a=1&token=[redacted]&b=2');
    expect(redactUrl('/r?expires=9&signature=f00d')).toBe('/r?expires=9&signature=[redacted]');
    expect(redactUrl('/api/users?search=token')).toBe('/api/users?search=token');
  });
});
