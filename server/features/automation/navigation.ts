import type { Page } from 'playwright-core';
import { REFUSED_HEADER } from '../../lib/browser/egress-proxy.ts';
import type { Classified } from './classify.ts';

/** The latest main-frame document the page received: its status, and whether the guard refused it. */
export type MainDocument = { status: number | undefined; refused: boolean };

export function watchMainDocument(page: Page): MainDocument {
  const state: MainDocument = { status: undefined, refused: false };
  page.on('response', (response) => {
    if (!response.request().isNavigationRequest() || response.frame() !== page.mainFrame()) return;
    state.status = response.status();
    state.refused = Boolean(response.headers()[REFUSED_HEADER]);
  });
  return state;
}

/** Opens the login page; a failure says whether the portal is down or the address is wrong. */
export async function openLoginPage(
  page: Page,
  url: string,
): Promise<{ ok: true } | ({ ok: false } & Classified)> {
  let response: Awaited<ReturnType<Page['goto']>>;
  try {
    response = await page.goto(url, { waitUntil: 'domcontentloaded' });
  } catch (error) {
    return { ok: false, ...navigationError(error) };
  }
  if (!response) return { ok: true };
  const status = response.status();
  if (response.headers()[REFUSED_HEADER]) {
    return {
      ok: false,
      outcome: 'navigation_failed',
      detail: 'the login page sent the browser to an address the server may not open',
    };
  }
  if (status >= 500 || status === 429) {
    return {
      ok: false,
      outcome: 'portal_unavailable',
      detail: `the login page answered HTTP ${status}`,
    };
  }
  if (status >= 400) {
    return {
      ok: false,
      outcome: 'navigation_failed',
      detail: `the login page answered HTTP ${status}`,
    };
  }
  return { ok: true };
}

/** Playwright's navigation errors, in words an admin can act on. */
export function navigationError(error: unknown): Classified {
  const message = (error as Error).message ?? String(error);
  if ((error as Error).name === 'TimeoutError') {
    const seconds = Math.round(Number(/Timeout (\d+)ms/.exec(message)?.[1] ?? 0) / 1000);
    return {
      outcome: 'portal_unavailable',
      detail: seconds
        ? `the page did not load within ${seconds} s`
        : 'the page did not load in time',
    };
  }
  const code = /net::(ERR_[A-Z_]+)/.exec(message)?.[1];
  if (code === 'ERR_NAME_NOT_RESOLVED') {
    return {
      outcome: 'navigation_failed',
      detail: 'the host name of the login URL does not exist',
    };
  }
  if (code?.startsWith('ERR_CERT') || code?.startsWith('ERR_SSL')) {
    return {
      outcome: 'navigation_failed',
      detail: `the portal's HTTPS certificate is not valid (${code})`,
    };
  }
  if (code && /CONNECTION|TIMED_OUT|EMPTY_RESPONSE|TUNNEL|UNREACHABLE|NETWORK/.test(code)) {
    return { outcome: 'portal_unavailable', detail: `the portal could not be reached (${code})` };
  }
  return {
    outcome: 'navigation_failed',
    detail: code ? `the page could not be opened (${code})` : 'the page could not be opened',
  };
}
