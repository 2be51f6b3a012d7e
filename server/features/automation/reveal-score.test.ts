import { describe, expect, it } from 'vitest';
import type { Control } from './frames.ts';
import { consentScore, revealScore } from './reveal.ts';

const control = (shown: string, more: Partial<Control> = {}): Control => ({
  order: 0,
  tag: 'button',
  type: 'button',
  role: '',
  shown,
  hints: '',
  target: '',
  expanded: '',
  selected: false,
  consentArea: false,
  reloads: false,
  action: 'click',
  selectors: ['#x'],
  frame: 0,
  framePath: '',
  ...more,
});

/** revealScore's floor: below it a control is not clicked. */
const TRIED = 45;

describe('what may reveal a sign-in form', () => {
  it.each([
    'Sign in',
    'Log in',
    'I have an account',
    'I already have an account',
    'Customer login',
    'Iniciar sesión',
    'Ya tengo una cuenta',
    'Se connecter',
    'J’ai déjà un compte',
  ])('is clicked: %s', (words) => {
    expect(revealScore(control(words))).toBeGreaterThanOrEqual(TRIED);
  });

  it.each([
    'Create account',
    'Register',
    'Sign up',
    "I don't have an account",
    'Je n’ai pas de compte',
    'Crear cuenta',
    'Soy nuevo',
    'Search',
    'Forgot your password?',
    'Sign in with Google',
    'Sign out',
    'My Account',
  ])('is never clicked: %s', (words) => {
    expect(revealScore(control(words))).toBeLessThan(TRIED);
  });

  it('goes by what a control shows: a login container yes, a registration one never', () => {
    expect(
      revealScore(control('Account holders', { role: 'tab', target: 'login' })),
    ).toBeGreaterThanOrEqual(TRIED);
    expect(revealScore(control('Sign in', { target: 'register' }))).toBe(Number.NEGATIVE_INFINITY);
    expect(revealScore(control('Sign in', { target: 'other' }))).toBe(Number.NEGATIVE_INFINITY);
  });

  it('prefers a closed tab or section, and leaves one already chosen', () => {
    const tab = control('Sign in', { role: 'tab', target: 'login' });
    expect(revealScore({ ...tab, expanded: 'false' })).toBeGreaterThan(revealScore(tab));
    expect(revealScore({ ...tab, selected: true })).toBeLessThan(revealScore(tab));
  });

  it('never follows a link to the page already shown', () => {
    expect(revealScore(control('Sign in', { tag: 'a', reloads: true }))).toBe(
      Number.NEGATIVE_INFINITY,
    );
  });
});

describe('what dismisses a consent banner', () => {
  it.each(['Accept', 'Accept all', 'I agree', 'OK', 'Accepter', 'Tout accepter', 'Aceptar'])(
    'in a cookie banner: %s',
    (words) => {
      expect(consentScore(control(words, { consentArea: true }))).toBeGreaterThanOrEqual(50);
      // The same words elsewhere on the page are not a banner's.
      expect(consentScore(control(words))).toBe(Number.NEGATIVE_INFINITY);
    },
  );

  it('OneTrust by its id; never Reject, Settings or a longer sentence', () => {
    expect(consentScore(control('Allow', { hints: 'onetrust-accept-btn-handler' }))).toBe(100);
    for (const words of [
      'Reject All',
      'Cookie Settings',
      'Tout refuser',
      'OK, take me to my bills',
    ]) {
      expect(consentScore(control(words, { consentArea: true }))).toBe(Number.NEGATIVE_INFINITY);
    }
  });
});
