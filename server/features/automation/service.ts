import type {
  CredentialTestResult,
  SelectorDetection,
  VerifyCredentialsBody,
} from '../../../common/automation.ts';
import type { Db } from '../../db/client.ts';
import { knownSelectorsOf } from '../../db/provider-known-selectors.ts';
import { type BrowserService, TaskTimeoutError } from '../../lib/browser/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { getProvider } from '../providers/service.ts';
import { type Classified, verdictFor } from './classify.ts';
import { detectSelectors } from './detect.ts';
import { attemptLogin, type Credentials, type LoginTarget } from './login.ts';
import { completeMfa, type MfaHandler, type MfaOutcome } from './mfa-step.ts';
import { type Retrieval, type RetrievalSettings, retrieveDocuments } from './retrieval.ts';

export { mfaToken } from './mfa.ts';

const seconds = (ms: number) => Math.round(ms / 1000);

/**
 * Opens a login page and ranks selectors for its fields. Throws RefusedUrlError (400) for an
 * address the browser may not open, BrowserUnavailableError (503) without Chromium.
 */
export async function detectLoginSelectors(
  browser: BrowserService,
  loginUrl: string,
  options: { timeoutMs?: number } = {},
): Promise<SelectorDetection> {
  await browser.checkUrl(loginUrl);
  try {
    return await browser.run((page, task) => detectSelectors(page, loginUrl, task), options);
  } catch (error) {
    if (!(error instanceof TaskTimeoutError)) throw error;
    return {
      success: false,
      message: `The login page took longer than ${seconds(error.timeoutMs)} s to analyse. Try again later.`,
      loginFlow: null,
      selectors: {
        usernameSelectors: [],
        passwordSelectors: [],
        submitSelectors: [],
        continueSelectors: [],
      },
      steps: [],
      preLoginSteps: [],
    };
  }
}

/** Logs in with these credentials and classifies the answer. Same errors as above. */
export async function testLogin(
  browser: BrowserService,
  target: LoginTarget,
  credentials: Credentials,
  options: { timeoutMs?: number } = {},
): Promise<Classified> {
  await browser.checkUrl(target.loginUrl);
  try {
    return await browser.run(
      (page, task) => attemptLogin(page, target, credentials, task),
      options,
    );
  } catch (error) {
    if (!(error instanceof TaskTimeoutError)) throw error;
    return {
      outcome: 'portal_unavailable',
      detail: `the login took longer than ${seconds(error.timeoutMs)} s`,
    };
  }
}

/** A login (with the customer's code when asked), then what the same session could fetch. */
export type LoginAndRetrieval = { login: Classified; mfa?: MfaOutcome; retrieval?: Retrieval };

/** What a login may need beyond the password: the customer for a code, a kept session. */
export type LoginHelp = {
  mfa?: MfaHandler & { saveSession(state: string): Promise<void> };
  /** The portal session saved after an earlier login with a code. */
  session?: string;
  /**
   * Told the moment the portal lets us in, before the walk for documents (which can take a
   * while): the customer waiting on the form hears it then.
   */
  onSignedIn?: () => Promise<void>;
  /** False: sign in (through the code if asked) and stop there, fetching nothing. */
  retrieve?: boolean;
};

/**
 * Logs in and, once signed in, walks the same browser session through the portal for the
 * bills and the interval export (retrieval.ts). The time limit covers both; a walk cut short
 * keeps what it had not yet found as notes.
 */
export async function loginAndRetrieve(
  browser: BrowserService,
  target: LoginTarget,
  credentials: Credentials,
  settings: RetrievalSettings,
  options: { timeoutMs?: number } & LoginHelp = {},
): Promise<LoginAndRetrieval> {
  await browser.checkUrl(target.loginUrl);
  const { mfa: handler, session, timeoutMs } = options;
  try {
    return await browser.run(
      async (page, task) => {
        let login = await attemptLogin(page, target, credentials, task);
        let mfa: MfaOutcome | undefined;
        if (login.outcome === 'mfa_required' && handler) {
          // The browser waits on the code page while the customer is asked for the code.
          mfa = await completeMfa(page, handler);
          if (!mfa.ok) return { login, mfa };
          login = { outcome: 'success' };
          await handler.saveSession(JSON.stringify(await page.context().storageState()));
        }
        if (login.outcome !== 'success') return { login, mfa };
        await options.onSignedIn?.();
        if (options.retrieve === false) return { login, mfa };
        return { login, mfa, retrieval: await retrieveDocuments(page, settings, task) };
      },
      { timeoutMs, downloads: true, storageState: session },
    );
  } catch (error) {
    if (!(error instanceof TaskTimeoutError)) throw error;
    return {
      login: {
        outcome: 'portal_unavailable',
        detail: `the login took longer than ${seconds(error.timeoutMs)} s`,
      },
    };
  }
}

/** The page and selectors an admin's test uses: those typed in, else the saved provider's. */
async function loginTargetFor(db: Db, body: VerifyCredentialsBody): Promise<LoginTarget> {
  if (body.loginUrl) {
    return {
      loginUrl: body.loginUrl,
      usernameSelector: body.usernameSelector,
      passwordSelector: body.passwordSelector,
      submitSelector: body.submitSelector,
      preLoginSteps: body.preLoginSteps,
    };
  }
  const provider = await getProvider(db, body.providerId ?? 0);
  if (!provider.loginUrl) {
    throw badRequest(`${provider.name} has no login URL yet. Add it, then test the login.`);
  }
  return {
    loginUrl: provider.loginUrl,
    usernameSelector: provider.usernameSelector,
    passwordSelector: provider.passwordSelector,
    submitSelector: provider.submitSelector,
    preLoginSteps: provider.preLoginSteps,
    knownSelectors: knownSelectorsOf(provider) !== null,
  };
}

/**
 * An admin's Test Login: signs in with the given login, says what the portal answered and,
 * signed in, what the automated retrieval finds there (its files are read, then dropped).
 */
export async function testCredentials(
  db: Db,
  browser: BrowserService,
  body: VerifyCredentialsBody,
): Promise<CredentialTestResult> {
  const target = await loginTargetFor(db, body);
  const settings = await retrievalSettingsFor(db, body);
  const { login, retrieval } = await loginAndRetrieve(
    browser,
    target,
    { username: body.username, password: body.password },
    settings,
  );
  const { success, message } = verdictFor(login, 'test');
  if (!retrieval) return { success, message, outcome: login.outcome };
  const found = (kind: 'bill' | 'interval') =>
    retrieval.files
      .filter((f) => f.kind === kind)
      .map((f) => ({ fileName: f.fileName, page: f.sourcePage }));
  return {
    success,
    message,
    outcome: login.outcome,
    retrieval: {
      bills: found('bill'),
      intervalExport: found('interval')[0] ?? null,
      notes: retrieval.notes,
    },
  };
}

/** The retrieval settings a test uses: those typed in, else the saved provider's. */
async function retrievalSettingsFor(
  db: Db,
  body: VerifyCredentialsBody,
): Promise<RetrievalSettings> {
  if (body.loginUrl || body.providerId === undefined) {
    return {
      billsPage: body.billsPage ?? null,
      usagePage: body.usagePage ?? null,
      exportControl: body.exportControl ?? null,
    };
  }
  const provider = await getProvider(db, body.providerId);
  return {
    billsPage: provider.billsPage,
    usagePage: provider.usagePage,
    exportControl: provider.exportControl,
  };
}
