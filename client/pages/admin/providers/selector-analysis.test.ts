import type { SelectorDetection } from '@common/automation.ts';
import { describe, expect, it } from 'vitest';
import { analysisSteps, applyChoice, bestChoice } from './selector-analysis.ts';

const singlePage: SelectorDetection = {
  success: true,
  message: 'Found the login form.',
  loginFlow: 'single-page',
  selectors: {
    usernameSelectors: ['#user', 'input[name="login"]', 'form >> input:nth-of-type(1)', '#extra'],
    passwordSelectors: ['#pass'],
    submitSelectors: ['button:has-text("Sign in")', '#go'],
    continueSelectors: [],
  },
  steps: [{ usernameSelector: '#user', passwordSelector: '#pass', submitSelector: '#go' }],
};

const identifierFirst: SelectorDetection = {
  success: true,
  message: 'Found a two-step login.',
  loginFlow: 'identifier-first',
  selectors: {
    usernameSelectors: ['#identifier'],
    passwordSelectors: ['#secret', 'input[type="password"]'],
    submitSelectors: ['#sign-in'],
    continueSelectors: ['button:has-text("Continue")', '#next'],
  },
  steps: [
    { usernameSelector: '#identifier', passwordSelector: null, submitSelector: '#next' },
    { usernameSelector: null, passwordSelector: '#secret', submitSelector: '#sign-in' },
  ],
};

describe('analysisSteps', () => {
  it('shows a one-page form as one step of three fields, at most 3 candidates each, in order', () => {
    const steps = analysisSteps(singlePage);
    expect(steps).toHaveLength(1);
    expect(steps[0]?.title).toBeNull();
    expect(steps[0]?.groups.map((g) => [g.field, g.candidates])).toEqual([
      ['usernameSelector', ['#user', 'input[name="login"]', 'form >> input:nth-of-type(1)']],
      ['passwordSelector', ['#pass']],
      ['submitSelector', ['button:has-text("Sign in")', '#go']],
    ]);
  });

  it('shows an identifier-first login as Step 1 (username, Continue) and Step 2', () => {
    const [first, second, ...rest] = analysisSteps(identifierFirst);
    expect(rest).toEqual([]);
    expect(first?.title).toBe('Step 1');
    expect(first?.groups.map((g) => g.field)).toEqual(['usernameSelector']);
    expect(first?.continueSelector).toBe('button:has-text("Continue")');
    expect(second?.title).toBe('Step 2');
    expect(second?.groups.map((g) => g.field)).toEqual(['passwordSelector', 'submitSelector']);
    expect(second?.continueSelector).toBeNull();
  });
});

describe('bestChoice and applyChoice', () => {
  it('starts from the best candidate of each field; the step-2 button is the one saved', () => {
    expect(bestChoice(singlePage)).toEqual({
      usernameSelector: '#user',
      passwordSelector: '#pass',
      submitSelector: 'button:has-text("Sign in")',
    });
    expect(bestChoice(identifierFirst)).toEqual({
      usernameSelector: '#identifier',
      passwordSelector: '#secret',
      submitSelector: '#sign-in',
    });
  });

  it('fills the chosen selectors exactly as given and keeps a field nothing was found for', () => {
    const values = {
      name: 'PG&E',
      usernameSelector: '',
      passwordSelector: '#typed',
      submitSelector: 'old',
    };
    expect(
      applyChoice(values, {
        usernameSelector: 'iframe#login >> #user',
        passwordSelector: null,
        submitSelector: 'button:has-text("Log in")',
      }),
    ).toEqual({
      name: 'PG&E',
      usernameSelector: 'iframe#login >> #user',
      passwordSelector: '#typed',
      submitSelector: 'button:has-text("Log in")',
    });
  });
});
