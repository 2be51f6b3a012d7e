import { describe, expect, it } from 'vitest';
import { afterSignInPath, homePathFor, safeRedirectPath, signInPathFor } from './redirects.ts';

describe('safeRedirectPath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirectPath('/dashboard')).toBe('/dashboard');
    expect(safeRedirectPath('/payment?plan=premium')).toBe('/payment?plan=premium');
  });

  it.each([
    null,
    undefined,
    '',
    'dashboard',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
  ])('rejects %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});

describe('where users go', () => {
  it('sends admins to /admin and everyone else to /dashboard', () => {
    expect(homePathFor({ role: 'admin' })).toBe('/admin');
    expect(homePathFor({ role: 'user' })).toBe('/dashboard');
  });

  it('prefers a safe redirect after sign-in', () => {
    expect(afterSignInPath({ role: 'user' }, '/payment?plan=basic')).toBe('/payment?plan=basic');
    expect(afterSignInPath({ role: 'admin' }, '//evil.example')).toBe('/admin');
    expect(afterSignInPath({ role: 'user' }, null)).toBe('/dashboard');
  });

  it('encodes the return path in the sign-in address', () => {
    expect(signInPathFor('/dashboard')).toBe('/auth?redirect=%2Fdashboard');
    expect(signInPathFor('/payment?plan=premium')).toBe(
      '/auth?redirect=%2Fpayment%3Fplan%3Dpremium',
    );
  });
});
