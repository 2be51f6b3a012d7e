import type { Page } from 'playwright-core';
import type { LoginFlow, PreLoginStep, SelectorDetection } from '../../../common/automation.ts';
import type { TaskInfo } from '../../lib/browser/index.ts';
import { classifyMissingForm, verdictFor } from './classify.ts';
import { readSignals, resolveLocator, scanCandidates, verifiedSelectors } from './frames.ts';
import { openLoginPage } from './navigation.ts';
import { type FormRanking, onlyRegistration, type Ranked, rankLoginForm } from './ranking.ts';
import { startReveal } from './reveal.ts';

/** How long a login form may take to appear (client-rendered pages draw it late). */
export const FORM_WAIT_MS = 10_000;
/** After Continue, how long the password field of an identifier-first login may take. */
export const PASSWORD_STEP_WAIT_MS = 8_000;
/** A username without a password must stay alone this long to count as identifier-first. */
const IDENTIFIER_FIRST_SETTLE_MS = 1_200;
const POLL_MS = 250;
/** How long a page may show no form before the controls that may reveal one are tried. */
const REVEAL_AFTER_MS = 400;
/** Right after a click the page is read more often: what it revealed usually shows at once. */
const FAST_POLL_MS = 100;
const FAST_POLL_FOR_MS = 2_000;
/** What detection types on an identifier-first page to see its password step. */
const PROBE_USERNAME = 'selector.check@example.com';
const TOP = 3;

/** The form found, and the clicks it took to show it (a consent banner, a tab, a radio...). */
export type FoundForm = { ranking: FormRanking; flow: LoginFlow | null; steps: PreLoginStep[] };

/**
 * Reads the page until a login form shows or the deadline passes. A consent banner is
 * dismissed; a page that shows no sign-in form for a moment (or only a registration form) has
 * the control that reveals one clicked. What was clicked comes back as `steps`.
 */
export async function waitForLoginForm(page: Page, deadline: number): Promise<FoundForm> {
  let aloneSince: number | undefined;
  const reveal = startReveal(page);
  const found = (ranking: FormRanking, flow: LoginFlow | null): FoundForm => ({
    ranking,
    flow,
    steps: reveal.steps,
  });
  for (;;) {
    const ranking = rankLoginForm(await scanCandidates(page));
    if (ranking.passwords.length > 0) {
      // A banner over the form is dismissed too, or it would take the clicks meant for the form.
      if (!(await reveal.next(onlyRegistration(ranking)))) return found(ranking, 'single-page');
      continue;
    }
    if (ranking.identifierFirst) {
      aloneSince ??= Date.now();
      if (Date.now() - aloneSince >= IDENTIFIER_FIRST_SETTLE_MS) {
        return found(ranking, 'identifier-first');
      }
    } else {
      aloneSince = undefined;
      const settled = Date.now() - reveal.quietSince >= REVEAL_AFTER_MS;
      if (await reveal.next(settled)) continue;
    }
    if (Date.now() >= deadline) {
      return found(ranking, ranking.identifierFirst ? 'identifier-first' : null);
    }
    const clicked = reveal.steps.length > 0 && Date.now() - reveal.quietSince < FAST_POLL_FOR_MS;
    await page.waitForTimeout(clicked ? FAST_POLL_MS : POLL_MS);
  }
}

/** Reads the page until a password field shows (second step of an identifier-first login). */
export async function waitForPasswordStep(page: Page, deadline: number): Promise<FormRanking> {
  for (;;) {
    const ranking = rankLoginForm(await scanCandidates(page));
    if (ranking.passwords.length > 0 || Date.now() >= deadline) return ranking;
    await page.waitForTimeout(POLL_MS);
  }
}

/**
 * Selectors for the best candidates, best first, each checked to match exactly one element:
 * two for the best element, one for each runner-up, then more for the best element.
 */
export async function topSelectors(page: Page, ranked: Ranked[], limit = TOP): Promise<string[]> {
  const [first, ...others] = ranked;
  if (!first) return [];
  const leader = await verifiedSelectors(page, first.candidate, limit);
  const out = leader.slice(0, Math.min(2, limit));
  for (const { candidate } of others) {
    if (out.length >= limit) break;
    const [selector] = await verifiedSelectors(page, candidate);
    if (selector && !out.includes(selector)) out.push(selector);
  }
  for (const selector of leader.slice(2)) if (out.length < limit) out.push(selector);
  return out;
}

const empty = {
  usernameSelectors: [],
  passwordSelectors: [],
  submitSelectors: [],
  continueSelectors: [],
};

const HUMAN_CHECK =
  'The page also asks for a human check (a captcha), which the service never solves: logins on this portal need a person.';

/** Finds the login form's fields on a page and ranks selectors for each (best first). */
export async function detectSelectors(
  page: Page,
  loginUrl: string,
  task: TaskInfo,
): Promise<SelectorDetection> {
  const failed = (message: string): SelectorDetection => ({
    success: false,
    message,
    loginFlow: null,
    selectors: empty,
    steps: [],
    preLoginSteps: [],
  });
  const opened = await openLoginPage(page, loginUrl);
  if (!opened.ok) return failed(verdictFor(opened, 'test').message);
  const found = await waitForLoginForm(
    page,
    Math.min(task.deadline - 3000, Date.now() + FORM_WAIT_MS),
  );
  const usernameSelectors = await topSelectors(page, found.ranking.usernames);
  if (!found.flow || (found.flow === 'identifier-first' && usernameSelectors.length === 0)) {
    const why = classifyMissingForm(await readSignals(page), 'no login form was found on the page');
    return failed(verdictFor(why, 'test').message);
  }

  // The fields are found all the same; the admin is told that logins there need a person.
  const human = (await readSignals(page)).captcha ? ` ${HUMAN_CHECK}` : '';
  if (found.flow === 'single-page') {
    const passwordSelectors = await topSelectors(page, found.ranking.passwords);
    const submitSelectors = await topSelectors(page, found.ranking.submits);
    return {
      success: true,
      message:
        (found.steps.length > 0
          ? `Found the login form after ${stepWords(found.steps)}.`
          : 'Found the login form.') + human,
      loginFlow: 'single-page',
      selectors: { usernameSelectors, passwordSelectors, submitSelectors, continueSelectors: [] },
      steps: [
        {
          usernameSelector: usernameSelectors[0] ?? null,
          passwordSelector: passwordSelectors[0] ?? null,
          submitSelector: submitSelectors[0] ?? null,
        },
      ],
      preLoginSteps: found.steps,
    };
  }

  // Identifier-first: type a placeholder identity and continue, to see the password step.
  const continueSelectors = await topSelectors(page, found.ranking.submits);
  const [username] = usernameSelectors;
  const [proceed] = continueSelectors;
  let step2: FormRanking | undefined;
  if (username && proceed) {
    await resolveLocator(page, username).fill(PROBE_USERNAME);
    await resolveLocator(page, proceed).click();
    step2 = await waitForPasswordStep(
      page,
      Math.min(task.deadline - 2000, Date.now() + PASSWORD_STEP_WAIT_MS),
    );
  }
  const passwordSelectors = step2 ? await topSelectors(page, step2.passwords) : [];
  const submitSelectors = step2 ? await topSelectors(page, step2.submits) : [];
  return {
    success: true,
    message:
      (passwordSelectors.length > 0
        ? 'Found a two-step login: the username and Continue, then the password.'
        : 'Found a two-step login: the username and Continue. The password field did not appear for a test username; the login will look for it after Continue.') +
      human,
    loginFlow: 'identifier-first',
    selectors: { usernameSelectors, passwordSelectors, submitSelectors, continueSelectors },
    steps: [
      {
        usernameSelector: username ?? null,
        passwordSelector: null,
        submitSelector: proceed ?? null,
      },
      {
        usernameSelector: null,
        passwordSelector: passwordSelectors[0] ?? null,
        submitSelector: submitSelectors[0] ?? null,
      },
    ],
    preLoginSteps: found.steps,
  };
}

/** The clicks before the form, in words: "accepting the cookie banner, then choosing “Sign in”". */
function stepWords(steps: PreLoginStep[]): string {
  return steps
    .map((s) => (s.why === 'consent' ? 'dismissing the consent banner' : `choosing “${s.text}”`))
    .join(', then ');
}
