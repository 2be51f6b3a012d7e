import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SelectorDetection } from '../../../common/automation.ts';
import { resolveLocator } from './frames.ts';
import { detectLoginSelectors } from './service.ts';
import { portalsAndBrowser } from './testing/setup.ts';

const env = portalsAndBrowser({ pageTimeoutMs: 3000, taskTimeoutMs: 40_000 });

/** Which element each selector names, by the portal's `data-expect` marks. */
const roleOf = (page: Page, selector: string | undefined) =>
  selector ? resolveLocator(page, selector).getAttribute('data-expect', { timeout: 2000 }) : null;

async function rolesOnPage(url: string, found: SelectorDetection) {
  return env.browser.run(async (page) => {
    await page.goto(url);
    const { usernameSelectors, passwordSelectors, submitSelectors } = found.selectors;
    return {
      username: await roleOf(page, usernameSelectors[0]),
      password: await roleOf(page, passwordSelectors[0]),
      submit: await roleOf(page, submitSelectors[0]),
    };
  });
}

describe('selector detection', () => {
  it.each([
    ['plain id/name form', '/plain'],
    ['label-only fields', '/labels'],
    ['aria-only fields and a div button', '/aria'],
    ['a form drawn by JavaScript after a delay', '/delayed'],
    ['a same-origin iframe', '/iframe'],
    ['a web component with an open shadow root', '/shadow'],
    ['decoys before the real form (site search, newsletter)', '/decoys'],
  ])('finds the login fields: %s', async (_name, path) => {
    const found = await detectLoginSelectors(env.browser, env.portals.url(path));
    expect(found).toMatchObject({ success: true, loginFlow: 'single-page' });
    for (const list of [
      found.selectors.usernameSelectors,
      found.selectors.passwordSelectors,
      found.selectors.submitSelectors,
    ]) {
      expect(list.length).toBeGreaterThanOrEqual(1);
      expect(list.length).toBeLessThanOrEqual(3);
      expect(new Set(list).size).toBe(list.length);
    }
    expect(await rolesOnPage(env.portals.url(path), found)).toEqual({
      username: 'username',
      password: 'password',
      submit: 'submit',
    });
  });

  it('finds the login inside a cross-origin iframe (another port)', async () => {
    const found = await detectLoginSelectors(env.browser, env.portals.url('/iframe-cross'));
    expect(found.success).toBe(true);
    expect(found.selectors.usernameSelectors[0]).toMatch(/^iframe\[.*\] >> /);
    expect(await rolesOnPage(env.portals.url('/iframe-cross'), found)).toEqual({
      username: 'username',
      password: 'password',
      submit: 'submit',
    });
  });

  it('never offers the search box or the newsletter field', async () => {
    const found = await detectLoginSelectors(env.browser, env.portals.url('/decoys'));
    const all = Object.values(found.selectors).flat().join(' ');
    expect(all).not.toMatch(/nl-email|name="q"|Subscribe|Search/);
  });

  it('records an identifier-first login as two steps', async () => {
    const found = await detectLoginSelectors(env.browser, env.portals.url('/two-step'));
    expect(found).toMatchObject({ success: true, loginFlow: 'identifier-first' });
    expect(found.steps).toHaveLength(2);
    const [first, second] = found.steps;
    expect(first).toMatchObject({ passwordSelector: null });
    expect(second).toMatchObject({ usernameSelector: null });
    const roles = await env.browser.run(async (page) => {
      await page.goto(env.portals.url('/two-step'));
      const step1 = [
        await roleOf(page, first?.usernameSelector ?? ''),
        await roleOf(page, first?.submitSelector ?? ''),
      ];
      await resolveLocator(page, first?.usernameSelector ?? '').fill('dana');
      await resolveLocator(page, first?.submitSelector ?? '').click();
      await page.waitForURL(/identify/);
      return [
        ...step1,
        await roleOf(page, second?.passwordSelector ?? ''),
        await roleOf(page, second?.submitSelector ?? ''),
      ];
    });
    expect(roles).toEqual(['username', 'continue', 'password', 'submit']);
    expect(found.selectors.continueSelectors[0]).toBe(first?.submitSelector);
  });

  it('says so when the page has no login form', async () => {
    const found = await detectLoginSelectors(env.browser, env.portals.url('/portal/account'), {
      timeoutMs: 5000,
    });
    expect(found.success).toBe(false);
    expect(found.message).toMatch(/no login form was found/);
    expect(found.selectors.usernameSelectors).toEqual([]);
  });

  it('reports a portal under maintenance', async () => {
    const found = await detectLoginSelectors(env.browser, env.portals.url('/down'));
    expect(found).toMatchObject({ success: false });
    expect(found.message).toMatch(/not responding \(the login page answered HTTP 503\)/);
  });
});
