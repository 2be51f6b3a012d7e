import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SelectorDetection } from '../../../common/automation.ts';
import { resolveLocator } from './frames.ts';
import { replayPreLoginSteps } from './reveal.ts';
import { detectLoginSelectors, loginAndRetrieve, testLogin } from './service.ts';
import { PORTAL_ACCOUNTS } from './testing/portals.ts';
import type { RevealLang, RevealShape } from './testing/reveal-portals.ts';
import { portalsAndBrowser } from './testing/setup.ts';

const env = portalsAndBrowser({ pageTimeoutMs: 3000, taskTimeoutMs: 40_000 });

const roleOf = (page: Page, selector: string | undefined) =>
  selector ? resolveLocator(page, selector).getAttribute('data-expect', { timeout: 2000 }) : null;

/** Which elements the detected selectors name once the recorded steps are replayed. */
async function rolesAfterSteps(url: string, found: SelectorDetection) {
  return env.browser.run(async (page) => {
    await page.goto(url);
    await replayPreLoginSteps(page, found.preLoginSteps ?? [], Date.now() + 10_000);
    const { usernameSelectors, passwordSelectors, submitSelectors } = found.selectors;
    return {
      username: await roleOf(page, usernameSelectors[0]),
      password: await roleOf(page, passwordSelectors[0]),
      submit: await roleOf(page, submitSelectors[0]),
    };
  });
}

/** Each shape, what its steps must be, in English and in one other language. */
const CASES: [RevealShape, RevealLang, { why: string; text: RegExp; action?: string }[]][] = [
  ['radio', 'en', [{ why: 'reveal', text: /^I have an account$/, action: 'check' }]],
  ['radio', 'es', [{ why: 'reveal', text: /^Ya tengo una cuenta$/, action: 'click' }]],
  ['tab', 'en', [{ why: 'reveal', text: /^Sign in$/ }]],
  ['tab', 'fr', [{ why: 'reveal', text: /^Se connecter$/ }]],
  ['link', 'en', [{ why: 'reveal', text: /^Sign in$/ }]],
  ['link', 'es', [{ why: 'reveal', text: /^Iniciar sesión$/ }]],
  ['modal', 'en', [{ why: 'reveal', text: /^Sign in$/ }]],
  ['modal', 'fr', [{ why: 'reveal', text: /^Se connecter$/ }]],
  ['frame', 'en', [{ why: 'reveal', text: /^Customer login$/ }]],
  ['frame', 'es', [{ why: 'reveal', text: /^Acceder a mi cuenta$/ }]],
  ['consent', 'en', [{ why: 'consent', text: /^Accept All Cookies$/ }]],
  ['consent', 'fr', [{ why: 'consent', text: /^Tout accepter$/ }]],
];

const urlOf = (shape: string, lang: string) => env.portals.url(`/reveal/${shape}/${lang}`);

// Each page's detection, made once: the login cases replay what the detection cases checked.
const detections = new Map<string, Promise<SelectorDetection>>();
function detect(shape: RevealShape, lang: RevealLang): Promise<SelectorDetection> {
  const url = urlOf(shape, lang);
  let found = detections.get(url);
  if (!found) {
    found = detectLoginSelectors(env.browser, url);
    detections.set(url, found);
  }
  return found;
}

describe('a sign-in form that shows on a choice', () => {
  it.each(CASES)(
    'detection finds the form and the steps to it: %s (%s)',
    async (shape, lang, steps) => {
      const found = await detect(shape, lang);
      expect(found, found.message).toMatchObject({ success: true, loginFlow: 'single-page' });
      expect(found.preLoginSteps).toHaveLength(steps.length);
      steps.forEach((want, i) => {
        const step = found.preLoginSteps?.[i];
        expect(step?.why).toBe(want.why);
        expect(step?.text).toMatch(want.text);
        if (want.action) expect(step?.action).toBe(want.action);
      });
      expect(found.message).toMatch(/after/);
      // Nothing of the registration form, the site search or the cookie banner's other buttons.
      const all = [
        ...Object.values(found.selectors).flat(),
        ...(found.preLoginSteps ?? []).map((s) => s.selector),
      ].join(' ');
      expect(all).not.toMatch(
        /register|new-password|confirm|fullname|name="q"|Create|Créer|Crear|reject|Reject|refuser/i,
      );
      if (shape === 'frame') expect(found.selectors.usernameSelectors[0]).toMatch(/^iframe.* >> /);
      expect(await rolesAfterSteps(urlOf(shape, lang), found)).toEqual({
        username: 'username',
        password: 'password',
        submit: 'submit',
      });
    },
  );
});

describe('the login replays the steps before filling the form', () => {
  const { good, wrong } = PORTAL_ACCOUNTS;

  it.each(CASES)('right and wrong passwords: %s (%s)', async (shape, lang) => {
    const loginUrl = urlOf(shape, lang);
    const found = await detect(shape, lang);
    const saved = {
      loginUrl,
      usernameSelector: found.selectors.usernameSelectors[0],
      passwordSelector: found.selectors.passwordSelectors[0],
      submitSelector: found.selectors.submitSelectors[0],
      preLoginSteps: found.preLoginSteps,
    };
    const posts = () => env.portals.requests.filter((r) => r.startsWith('POST /reveal/')).length;
    const before = posts();
    expect(await testLogin(env.browser, saved, good)).toEqual({ outcome: 'success' });
    const refused = await testLogin(env.browser, saved, wrong);
    expect(refused.outcome).toBe('invalid_credentials');
    expect(refused.detail).toMatch(/incorrect/i);
    expect(posts()).toBe(before + 2);
    // Nothing went to the registration form.
    expect(env.portals.requests.some((r) => r.endsWith('/register'))).toBe(false);
  });

  it.each([
    ['radio', 'en'],
    ['tab', 'fr'],
    ['consent', 'fr'],
  ] as const)('finds the steps itself when none are saved: %s (%s)', async (shape, lang) => {
    const loginUrl = urlOf(shape, lang);
    expect(await testLogin(env.browser, { loginUrl }, good)).toEqual({ outcome: 'success' });
    expect((await testLogin(env.browser, { loginUrl }, wrong)).outcome).toBe('invalid_credentials');
  });

  it('without its step, saved selectors of a hidden form match nothing', async () => {
    const loginUrl = urlOf('radio', 'en');
    const result = await testLogin(
      env.browser,
      {
        loginUrl,
        usernameSelector: '#si-user',
        passwordSelector: '#si-pass',
        submitSelector: '#signin-form button',
      },
      good,
      { timeoutMs: 20_000 },
    );
    expect(result.outcome).toBe('navigation_failed');
  });

  it('passes over a step whose control is gone (a banner already dismissed)', async () => {
    const loginUrl = urlOf('radio', 'en');
    const result = await testLogin(
      env.browser,
      {
        loginUrl,
        usernameSelector: '#si-user',
        passwordSelector: '#si-pass',
        submitSelector: '#signin-form button',
        preLoginSteps: [
          {
            action: 'click',
            selector: '#onetrust-accept-btn-handler',
            text: 'Accept',
            why: 'consent',
          },
          { action: 'check', selector: '#who-existing', text: 'I have an account', why: 'reveal' },
        ],
      },
      good,
    );
    expect(result).toEqual({ outcome: 'success' });
  });
});

describe('retrieval behind a hidden sign-in form', () => {
  it('signs in with the recorded step, then fetches the bills and the usage export', async () => {
    const loginUrl = env.portals.url('/retrieval/hidden/');
    const found = await detectLoginSelectors(env.browser, loginUrl);
    expect(found.preLoginSteps?.map((s) => s.text)).toEqual(['I have an account']);
    const { login, retrieval } = await loginAndRetrieve(
      env.browser,
      {
        loginUrl,
        usernameSelector: found.selectors.usernameSelectors[0],
        passwordSelector: found.selectors.passwordSelectors[0],
        submitSelector: found.selectors.submitSelectors[0],
        preLoginSteps: found.preLoginSteps,
      },
      PORTAL_ACCOUNTS.good,
      { billsPage: null, usagePage: null, exportControl: null },
      { timeoutMs: 90_000 },
    );
    expect(login.outcome).toBe('success');
    expect(retrieval?.bills).toBe(2);
    expect(retrieval?.intervalExport).toBe(true);
    expect(retrieval?.notes).toEqual([]);
  }, 120_000);
});
