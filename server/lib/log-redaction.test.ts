import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides one-time tokens and signatures, keeps the rest of the address', () => {
    expect(redactUrl('/set-password?token=abc_DEF-123')).toBe('/set-password?token=[redacted]');
    expect(redactUrl('/x?a=1&token=abc&b=2')).toBe('/x?a=1&token=[redacted]&b=2');
    expect(redactUrl('/r?expires=9&signature=f00d')).toBe('/r?expires=9&signature=[redacted]');
    expect(redactUrl('/api/users?search=token')).toBe('/api/users?search=token');
  });

  it('hides the code page token in its path, and the API calls made with it', () => {
    const token = 'q2dP8wz3Jm0Zt3kQ1o5Yx8JYkX6i9u1m';
    expect(redactUrl(`/form/code/${token}`)).toBe('/form/code/[redacted]');
    expect(redactUrl(`/form/code/${token}?from=email`)).toBe('/form/code/[redacted]?from=email');
    expect(redactUrl(`/api/mfa/${token}`)).toBe('/api/mfa/[redacted]');
    expect(redactUrl(`/api/mfa/${token}/choice`)).toBe('/api/mfa/[redacted]/choice');
    expect(redactUrl(`/api/mfa/${token}/code`)).toBe('/api/mfa/[redacted]/code');
    expect(redactUrl(`/API/MFA/${token}/code`)).toBe('/API/MFA/[redacted]/code');
    expect(redactUrl(`//api//mfa/${token}`)).toBe('//api//mfa/[redacted]');
  });

  it("hides the customer's login check and fix link tokens, in pages and API calls", () => {
    const token = 'q2dP8wz3Jm0Zt3kQ1o5Yx8JYkX6i9u1m-abcdefghij';
    expect(redactUrl(`/api/login-check/${token}`)).toBe('/api/login-check/[redacted]');
    expect(redactUrl(`/api/login-check/${token}/login`)).toBe('/api/login-check/[redacted]/login');
    expect(redactUrl(`/api/login-fix/${token}`)).toBe('/api/login-fix/[redacted]');
    expect(redactUrl(`/form/fix/${token}`)).toBe('/form/fix/[redacted]');
    expect(redactUrl(`/Form//Fix/${token}?a=1`)).toBe('/Form//Fix/[redacted]?a=1');
  });

  it('keeps public links and ids', () => {
    expect(redactUrl('/form/abc123')).toBe('/form/abc123');
    expect(redactUrl('/api/form/abc123')).toBe('/api/form/abc123');
    expect(redactUrl('/api/connections/12/files')).toBe('/api/connections/12/files');
  });
});
