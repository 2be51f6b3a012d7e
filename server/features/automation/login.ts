import type { Locator, Page } from 'playwright-core';
import type { PreLoginStep } from '../../../common/automation.ts';
import type { TaskInfo } from '../../lib/browser/index.ts';
import { TaskTimeoutError } from '../../lib/browser/index.ts';
import { type Classified, classifyMissingForm, classifyPage } from './classify.ts';
import {
  FORM_WAIT_MS,
  PASSWORD_STEP_WAIT_MS,
  topSelectors,
  waitForLoginForm,
  waitForPasswordStep,
} from './detect.ts';
import { readSignals, resolveLocator, scanCandidates } from './frames.ts';
import {
  type MainDocument,
  navigationError,
  openLoginPage,
  watchMainDocument,
} from './navigation.ts';
import { type FormRanking, type Ranked, rankLoginForm } from './ranking.ts';
import { replayPreLoginSteps } from './reveal.ts';

/** Where to log in; selectors left out are detected on the page. */
export type LoginTarget = {
  loginUrl: string;
  usernameSelector?: string | null;
  passwordSelector?: string | null;
  submitSelector?: string | null;
  /** Clicks made before the form is filled (a consent banner, what reveals the form). */
  preLoginSteps?: readonly PreLoginStep[] | null;
  /**
   * The selectors are those shipped for the utility, read in a public scraper some time ago:
   * when the page has no field for the saved username selector, the form is detected on it
   * instead, and the result says the page no longer matches them.
   */
  knownSelectors?: boolean;
};
export type Credentials = { username: string; password: string };

/** How long the portal may take to answer the login. */
const OUTCOME_WAIT_MS = 15_000;
/** The sign-in form must stay gone this long (with no message) to count as signed in. */
const SIGNED_IN_SETTLE_MS = 1_500;
const POLL_MS = 250;

/** Logs in as a person would and says what the portal answered. Credentials go nowhere else. */
export async function attemptLogin(
  page: Page,
  target: LoginTarget,
  credentials: Credentials,
  task: TaskInfo,
): Promise<Classified> {
  const main = watchMainDocument(page);
  const opened = await openLoginPage(page, target.loginUrl);
  if (!opened.ok) return { outcome: opened.outcome, detail: opened.detail };
  const seen: LoginNotes = { staleSelectors: false };
  try {
    const result = redact(await signIn(page, target, credentials, task, main, seen), credentials);
    return seen.staleSelectors ? { ...result, staleSelectors: true } : result;
  } catch (error) {
    if (error instanceof TaskTimeoutError) throw error;
    // A fill or click that failed: the network went, or the page changed under the form.
    const failure = navigationError(error);
    return failure.outcome === 'navigation_failed'
      ? {
          outcome: 'navigation_failed',
          detail: 'the login page changed while it was being filled in',
        }
      : failure;
  }
}

/** What the login learnt about the provider's setup on the way, for the admin. */
type LoginNotes = { staleSelectors: boolean };

async function signIn(
  page: Page,
  saved: LoginTarget,
  credentials: Credentials,
  task: TaskInfo,
  main: MainDocument,
  notes: LoginNotes,
): Promise<Classified> {
  let target = saved;
  const formDeadline = Math.min(task.deadline - 5000, Date.now() + FORM_WAIT_MS);
  const allSaved = target.usernameSelector && target.passwordSelector && target.submitSelector;
  if (target.preLoginSteps?.length) {
    await replayPreLoginSteps(page, target.preLoginSteps, formDeadline);
  }
  let form = allSaved ? undefined : await waitForLoginForm(page, formDeadline);
  const before = await readSignals(page);
  if (before.captcha) return { outcome: 'captcha' };
  let username = await field(page, target.usernameSelector, form?.ranking.usernames, formDeadline);
  if (!username && target.usernameSelector && target.knownSelectors) {
    // The portal changed since the shipped selectors were read: its form is found as if
    // none were saved, and the admin hears that the known selectors are out of date.
    notes.staleSelectors = true;
    target = { ...target, usernameSelector: null, passwordSelector: null, submitSelector: null };
    form = await waitForLoginForm(page, Math.min(task.deadline - 5000, Date.now() + FORM_WAIT_MS));
    username = await field(page, null, form.ranking.usernames, Date.now());
  }
  if (!username) {
    const missing = notes.staleSelectors
      ? 'the page no longer matches the known selectors, and no login form was found on it'
      : target.usernameSelector
        ? `the username selector ${target.usernameSelector} matches nothing on the page`
        : 'no login form was found on the page';
    return classifyMissingForm(before, missing);
  }
  const seen = new Set(before.lines);
  await username.fill(credentials.username);
  // The browser itself would refuse to send the form (an email field given a plain user name).
  const refusal = await invalidInput(username);
  if (refusal) return { outcome: 'invalid_credentials', detail: refusal };

  let password = await field(
    page,
    target.passwordSelector,
    form?.ranking.passwords,
    Date.now() + 500,
  );
  if (!password) {
    // Identifier-first: Continue, then the password appears (often on a new page).
    const proceed = await control(
      page,
      target.submitSelector,
      form?.ranking ?? rankLoginForm(await scanCandidates(page)),
    );
    if (proceed) await proceed.click();
    else await username.press('Enter');
    const stepDeadline = Math.min(task.deadline - 3000, Date.now() + PASSWORD_STEP_WAIT_MS);
    const step2 = target.passwordSelector
      ? undefined
      : await waitForPasswordStep(page, stepDeadline);
    password = await field(page, target.passwordSelector, step2?.passwords, stepDeadline);
    const now = await readSignals(page);
    if (!password) {
      const fresh = now.lines.filter((l) => !seen.has(l));
      return (
        classifyPage(fresh, now, main.status) ?? {
          outcome: 'navigation_failed',
          detail: 'the password field did not appear after the username was entered',
        }
      );
    }
    for (const line of now.lines) seen.add(line);
  }
  await password.fill(credentials.password);
  const submit = await control(
    page,
    target.submitSelector,
    rankLoginForm(await scanCandidates(page)),
  );
  if (submit) await submit.click();
  else await password.press('Enter');
  return waitForOutcome(
    page,
    seen,
    main,
    Math.min(task.deadline - 1000, Date.now() + OUTCOME_WAIT_MS),
  );
}

/** A visible field by its saved selector, or the best detected one. */
async function field(
  page: Page,
  selector: string | null | undefined,
  ranked: Ranked[] | undefined,
  deadline: number,
): Promise<Locator | null> {
  if (!selector) {
    const [best] = await topSelectors(page, ranked ?? [], 1);
    return best ? resolveLocator(page, best) : null;
  }
  const locator = resolveLocator(page, selector).filter({ visible: true }).first();
  for (;;) {
    if ((await locator.count().catch(() => 0)) > 0) return locator;
    if (Date.now() >= deadline) return null;
    await page.waitForTimeout(POLL_MS);
  }
}

/** The button that submits: the saved selector when it is on screen, else the detected one. */
async function control(page: Page, selector: string | null | undefined, ranking: FormRanking) {
  if (selector) {
    const saved = resolveLocator(page, selector).filter({ visible: true }).first();
    if ((await saved.count().catch(() => 0)) > 0) return saved;
  }
  const [best] = await topSelectors(page, ranking.submits, 1);
  return best ? resolveLocator(page, best) : null;
}

/** Watches the page after submitting until it says something conclusive. */
async function waitForOutcome(
  page: Page,
  seen: Set<string>,
  main: MainDocument,
  deadline: number,
): Promise<Classified> {
  let goneSince: number | undefined;
  for (;;) {
    await page.waitForLoadState('domcontentloaded').catch(() => {});
    if (main.refused) {
      return {
        outcome: 'navigation_failed',
        detail: 'the portal sent the browser to an address the server may not open',
      };
    }
    const signals = await readSignals(page);
    const fresh = signals.lines.filter((l) => !seen.has(l));
    const judged = classifyPage(fresh, signals, main.status);
    if (judged) return judged;
    if (!signals.visiblePassword && signals.lines.length > 0) {
      goneSince ??= Date.now();
      if (Date.now() - goneSince >= SIGNED_IN_SETTLE_MS) return { outcome: 'success' };
    } else {
      goneSince = undefined;
    }
    if (Date.now() >= deadline) {
      return signals.visiblePassword
        ? { outcome: 'invalid_credentials', detail: undefined }
        : { outcome: 'portal_unavailable', detail: 'the portal did not answer the login in time' };
    }
    await page.waitForTimeout(POLL_MS);
  }
}

/** The browser's own validation message when the field holds a value its form refuses. */
async function invalidInput(field: Locator): Promise<string> {
  return field
    .evaluate((el) => {
      const input = el as HTMLInputElement;
      if (!input.validity || input.validity.valid || input.form?.noValidate) return '';
      return input.validationMessage;
    })
    .catch(() => '');
}

/** The portal's words may repeat the username: never pass it (or the password) on. */
function redact(result: Classified, { username, password }: Credentials): Classified {
  if (!result.detail) return result;
  let detail = result.detail;
  for (const secret of [password, username]) {
    if (secret.length >= 3) detail = detail.split(secret).join('***');
  }
  return { ...result, detail: detail.length > 160 ? `${detail.slice(0, 157)}...` : detail };
}
