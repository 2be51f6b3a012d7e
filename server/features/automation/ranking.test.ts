import { describe, expect, it } from 'vitest';
import { type Candidate, rankLoginForm } from './ranking.ts';

let order = 0;
const candidate = (overrides: Partial<Candidate>): Candidate => ({
  order: order++,
  kind: 'field',
  tag: 'input',
  type: 'text',
  enabled: true,
  autocomplete: '',
  hints: '',
  text: '',
  container: 0,
  containerHints: '',
  containerHasPassword: false,
  inShadow: false,
  selectors: [`#c${order}`],
  frame: 0,
  framePath: '',
  ...overrides,
});

describe('rankLoginForm', () => {
  it('prefers the field just before the password, in its form, over decoys', () => {
    const search = candidate({ type: 'search', hints: 'q | search our site', container: 0 });
    const newsletter = candidate({
      type: 'email',
      hints: 'email | you@example.com',
      container: 1,
      containerHints: 'newsletter-signup',
    });
    const subscribe = candidate({
      kind: 'button',
      tag: 'button',
      type: 'submit',
      text: 'subscribe',
      container: 1,
    });
    const user = candidate({
      type: 'text',
      hints: 'account number',
      container: 2,
      containerHasPassword: true,
    });
    const password = candidate({
      type: 'password',
      hints: 'password',
      container: 2,
      containerHasPassword: true,
    });
    const signIn = candidate({
      kind: 'button',
      tag: 'button',
      type: 'submit',
      text: 'sign in',
      container: 2,
    });
    const forgot = candidate({
      kind: 'button',
      tag: 'a',
      text: 'forgot your password? sign in help',
      container: 2,
    });
    const ranking = rankLoginForm([search, newsletter, subscribe, user, password, signIn, forgot]);
    expect(ranking.usernames.map((r) => r.candidate)).toEqual([user]);
    expect(ranking.passwords[0]?.candidate).toBe(password);
    expect(ranking.submits[0]?.candidate).toBe(signIn);
    expect(ranking.submits.map((r) => r.candidate)).not.toContain(subscribe);
    expect(ranking.identifierFirst).toBe(false);
  });

  it('ranks the sign-in password above a registration one', () => {
    const login = candidate({ type: 'password', autocomplete: 'current-password' });
    const register = candidate({
      type: 'password',
      autocomplete: 'new-password',
      container: 3,
      containerHints: 'register',
    });
    const confirm = candidate({ type: 'password', hints: 'confirm password', container: 3 });
    const ranking = rankLoginForm([register, confirm, login]);
    expect(ranking.passwords[0]?.candidate).toBe(login);
  });

  it('recognises the first step of an identifier-first login', () => {
    const email = candidate({
      type: 'email',
      autocomplete: 'username',
      hints: 'identifier | email',
    });
    const next = candidate({ kind: 'button', tag: 'button', type: 'submit', text: 'continue' });
    const ranking = rankLoginForm([email, next]);
    expect(ranking.passwords).toEqual([]);
    expect(ranking.identifierFirst).toBe(true);
    expect(ranking.submits[0]?.candidate).toBe(next);
  });

  it('finds no login in a lone search form', () => {
    const search = candidate({ type: 'text', hints: 'search', containerHints: 'search' });
    const go = candidate({ kind: 'button', tag: 'button', type: 'submit', text: 'search' });
    const ranking = rankLoginForm([search, go]);
    expect(ranking.usernames).toEqual([]);
    expect(ranking.identifierFirst).toBe(false);
  });
});
