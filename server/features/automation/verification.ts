import { eq } from 'drizzle-orm';
import type { LoginCheckState } from '../../../common/credential-check.ts';
import { MFA_TEXT } from '../../../common/mfa.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { knownSelectorsOf } from '../../db/provider-known-selectors.ts';
import { connections as connectionRows } from '../../db/schema.ts';
import {
  type BrowserService,
  BrowserUnavailableError,
  RefusedUrlError,
} from '../../lib/browser/index.ts';
import type { JobAttempt, WithJobLog } from '../../lib/jobs/types.ts';
import type { Mailer } from '../../lib/mail/index.ts';
import type { ConnectionsService } from '../connections/service.ts';
import { getProvider } from '../providers/service.ts';
import { askCustomer } from './ask-customer.ts';
import { attemptsOfCheck } from './check-attempts.ts';
import { type Classified, verdictFor } from './classify.ts';
import type { MfaChallenges } from './mfa.ts';
import type { MfaHandler, MfaOutcome } from './mfa-step.ts';
import type { PortalHealth } from './portal-health.ts';
import { providerGate, sleepUntil } from './provider-gate.ts';
import type { Retrieval } from './retrieval.ts';
import { loginAndRetrieve, testLogin } from './service.ts';

/** Thrown after recording a result worth retrying (portal down or slow): the queue retries. */
export class TransientLoginError extends Error {
  override name = 'TransientLoginError';
}

const NO_LOGIN_PAGE =
  'Not checked automatically: the provider has no login page set up. An admin will check the login by hand.';
/** A good login at a utility whose files are not fetched automatically. */
const SIGNED_IN_UPLOAD_BY_HAND =
  'Signed in to the utility portal. This utility’s bills and usage data are not fetched automatically: our team downloads and uploads them by hand.';

/** What the credential check uses of the process's services. */
export type VerificationServices = {
  db: Db;
  config: Config;
  browser: BrowserService;
  connections: ConnectionsService;
  mfa: MfaChallenges;
  mailer: Pick<Mailer, 'queue'>;
  /** The customer's side: their page hears each outcome, and a refusal found later is emailed. */
  /** (LoginChecks in login-check.ts, which queues this check: named by shape, not imported.) */
  loginChecks: {
    record(connectionId: number, state: Exclude<LoginCheckState, 'checking'>): Promise<unknown>;
  };
  /** Each sign-in and retrieval is recorded there: the utility's health. */
  portalHealth: Pick<PortalHealth, 'record'>;
};

/** `slot`: the portal slot kept for a check brought back later; `byHand`: an admin's Retrieve now. */
type CheckOptions = { slot?: number; byHand?: boolean };

/**
 * Logs in to the connection's utility portal with the customer's credentials (opened only
 * here, never logged) and records the verdict on the connection. A portal that does not answer
 * is tried again by the queue, unless this was its last try.
 */
export async function verifyConnection(
  services: WithJobLog<VerificationServices>,
  connectionId: number,
  attempt: JobAttempt,
  { slot, byHand = false }: CheckOptions = {},
): Promise<{ deferredUntil: number } | undefined> {
  const { db, browser, config, connections, log, mfa, mailer, loginChecks, portalHealth } =
    services;
  const subject = await connections.loginSubject(connectionId);
  // Gone, finished or purged: there is nothing left to check.
  if (!subject || subject.status === 'complete' || !subject.credentials) return undefined;
  const { credentials } = subject;
  // Two rows of their own (the connection's note, the customer's check), written side by side.
  const note = async (message: string) => {
    await Promise.all([
      connections.recordVerification(
        connectionId,
        { verified: null, message },
        { announce: false },
      ),
      loginChecks.record(connectionId, 'later'),
    ]);
    return undefined;
  };
  const provider = await getProvider(db, subject.providerId);
  if (!provider.loginUrl) return note(NO_LOGIN_PAGE);
  try {
    browser.assertInstalled();
  } catch (error) {
    return note(`Not checked automatically: ${(error as Error).message}`);
  }

  // Per-portal spacing delays only this portal's checks: a slot more than a moment away is
  // kept for this check, which the queue brings back then, and the worker moves on.
  const start =
    slot ??
    (await providerGate.reserve(provider.id, config.providerLoginIntervalMs, (id) =>
      connections.lastLoginCheckAt(id),
    ));
  if (start - Date.now() > DEFER_AFTER_MS) return { deferredUntil: start };
  await sleepUntil(start);
  // Signed in, the same session fetches the bills and the usage export, unless another
  // retrieval of this connection is under way (then only the login is checked). A utility
  // whose files an admin gets by hand is only signed in to (with the customer's code if asked),
  // unless the admin pressed Retrieve now.
  const automatic = provider.retrieveAutomatically || byHand;
  const retrieving = automatic && (await connections.claimRetrieval(connectionId));
  const startedAt = new Date();
  let signedInAt: Date | undefined;
  let result: Classified;
  let retrieval: Retrieval | undefined;
  let code: MfaOutcome | undefined;
  const asking = askCustomer({ mfa, mailer, connections, config, log }, connectionId);
  const customer: typeof asking = {
    ...asking,
    async ask(options) {
      await asking.ask(options);
      await loginChecks.record(connectionId, 'code');
    },
  };
  try {
    const target = {
      loginUrl: provider.loginUrl,
      usernameSelector: provider.usernameSelector,
      passwordSelector: provider.passwordSelector,
      submitSelector: provider.submitSelector,
      preLoginSteps: provider.preLoginSteps,
      // The shipped selectors may be older than the portal: when they no longer find the form,
      // the sign-in detects it instead of failing the customer's check.
      knownSelectors: knownSelectorsOf(provider) !== null,
    };
    const login = { username: credentials.utilityUsername, password: credentials.utilityPassword };
    if (retrieving || !automatic) {
      ({
        login: result,
        retrieval,
        mfa: code,
      } = await loginAndRetrieve(browser, target, login, provider, {
        timeoutMs: config.browser.taskTimeoutMs + config.mfaWaitMs + RETRIEVAL_TIME_MS,
        mfa: customer,
        session: subject.portalSession ?? undefined,
        retrieve: retrieving,
        // The customer's page and the connection say "signed in" at once, not after the walk
        // through the portal. A failure to say so here is not the login's: the verdict is
        // recorded again below.
        onSignedIn: () => {
          signedInAt = new Date();
          return Promise.all([
            loginChecks.record(connectionId, 'signed_in'),
            connections.recordVerification(
              connectionId,
              { verified: true, message: verdictFor({ outcome: 'success' }, 'job').message },
              { announce: false },
            ),
          ])
            .then(() => undefined)
            .catch(() => undefined);
        },
      }));
    } else {
      result = await testLogin(browser, target, login);
    }
  } catch (error) {
    if (retrieving) await connections.releaseRetrieval(connectionId);
    if (error instanceof RefusedUrlError) {
      result = { outcome: 'navigation_failed', detail: error.reason };
    } else if (error instanceof BrowserUnavailableError) {
      return note(`Not checked automatically: ${error.message}`);
    } else {
      throw error;
    }
  }
  const verdict = code
    ? await codeVerdict(code, customer)
    : verdictFor(result, attempt.final ? 'last-job' : 'job');
  const message =
    !automatic && verdict.credentialsVerified === true ? SIGNED_IN_UPLOAD_BY_HAND : verdict.message;
  await recordAttempts(portalHealth, log, {
    providerId: provider.id,
    connectionId,
    submittedAt: subject.submittedAt,
    startedAt,
    finishedAt: new Date(),
    signedInAt,
    result,
    code,
    walked: retrieving,
    retrieval,
  });
  log.info({ connectionId, outcome: result.outcome, code: code?.ok }, 'credentials checked');
  await connections.recordVerification(
    connectionId,
    { verified: verdict.credentialsVerified, message },
    { announce: true },
  );
  // A human check on the sign-in or the export page is a person's job: the connection waits in
  // the attention list for one, until a later check meets no such check.
  const human = result.outcome === 'captcha' || retrieval?.humanCheck === true;
  await db
    .update(connectionRows)
    .set({ humanCheckAt: human ? new Date() : null })
    .where(eq(connectionRows.id, connectionId));
  await loginChecks.record(connectionId, human ? 'human' : customerState(result, code));
  if (retrieval) {
    const kept = await connections.recordRetrieved(connectionId, retrieval);
    log.info(
      { connectionId, bills: retrieval.bills, intervalExport: retrieval.intervalExport, ...kept },
      'documents retrieved',
    );
  } else if (retrieving) {
    await connections.releaseRetrieval(connectionId);
  }
  if (verdict.transient) throw new TransientLoginError(verdict.message);
  return undefined;
}

/** The health figures must never cost the check its verdict: a failure to record is logged. */
async function recordAttempts(
  portalHealth: Pick<PortalHealth, 'record'>,
  log: { error(obj: object, msg: string): void },
  run: Parameters<typeof attemptsOfCheck>[0],
) {
  try {
    for (const attempt of attemptsOfCheck(run)) await portalHealth.record(attempt);
  } catch (err) {
    log.error({ err, connectionId: run.connectionId }, 'the portal attempt could not be recorded');
  }
}

/** What the customer is told of a check: signed in, refused, or "we keep trying". */
function customerState(result: Classified, code: MfaOutcome | undefined) {
  if (code) return code.ok ? 'signed_in' : 'later';
  if (result.outcome === 'success') return 'signed_in';
  if (result.outcome === 'invalid_credentials') return 'rejected';
  if (result.outcome === 'account_locked') return 'locked';
  if (result.outcome === 'captcha') return 'human';
  return 'later';
}

/** A check whose portal slot is further off than this is brought back later by the queue. */
const DEFER_AFTER_MS = 2000;
/** Time the walk through the portal may add to the login's own limit. */
const RETRIEVAL_TIME_MS = 120_000;

const CODE_MESSAGES: Record<Exclude<MfaOutcome, { ok: true }>['reason'], string> = {
  wrong_code:
    'The portal did not accept the verification code the customer typed. An admin can press Retrieve now to ask the customer for a new code, or upload the files by hand.',
  no_code:
    'The customer did not enter the verification code in time. An admin can press Retrieve now to ask again, or upload the files by hand.',
  no_choice:
    'The customer did not choose where to receive the verification code in time. An admin can press Retrieve now to ask again, or upload the files by hand.',
  unreadable:
    'The portal asked for a verification code in a way the service cannot handle. An admin must arrange the code with the customer and upload the files by hand.',
};

/** The verdict of a login that went through the customer's code; the customer's page hears it too. */
async function codeVerdict(code: MfaOutcome, customer: { finish: MfaHandler['finish'] }) {
  if (code.ok) {
    await customer.finish('succeeded', MFA_TEXT.succeeded);
    return {
      credentialsVerified: true,
      message:
        "Signed in to the utility portal with the customer's verification code. No action needed.",
      transient: false,
    };
  }
  if (code.reason === 'wrong_code') await customer.finish('failed', MFA_TEXT.wrongCode);
  else if (code.reason !== 'unreadable') await customer.finish('expired', MFA_TEXT.expired);
  return { credentialsVerified: null, message: CODE_MESSAGES[code.reason], transient: false };
}
