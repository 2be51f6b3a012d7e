import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  type BrowserService,
  BrowserUnavailableError,
  RefusedUrlError,
} from '../../lib/browser/index.ts';
import type { JobAttempt, WithJobLog } from '../../lib/jobs/types.ts';
import type { ConnectionsService } from '../connections/service.ts';
import { getProvider } from '../providers/service.ts';
import { type Classified, verdictFor } from './classify.ts';
import { providerGate, sleepUntil } from './providerGate.ts';
import { testLogin } from './service.ts';

/** Thrown after recording a result worth retrying (portal down or slow): the queue retries. */
export class TransientLoginError extends Error {
  override name = 'TransientLoginError';
}

const NO_LOGIN_PAGE =
  'Not checked automatically: the provider has no login page set up. An admin will check the login by hand.';

/** What the credential check uses of the process's services. */
export type VerificationServices = {
  db: Db;
  config: Config;
  browser: BrowserService;
  connections: ConnectionsService;
};

/**
 * Logs in to the connection's utility portal with the customer's credentials (opened only
 * here, never logged) and records the verdict on the connection. A portal that does not answer
 * is tried again by the queue, unless this was its last try.
 */
export async function verifyConnection(
  services: WithJobLog<VerificationServices>,
  connectionId: number,
  attempt: JobAttempt,
  slot?: number,
): Promise<{ deferredUntil: number } | undefined> {
  const { db, browser, config, connections, log } = services;
  const subject = await connections.loginSubject(connectionId);
  // Gone, finished or purged: there is nothing left to check.
  if (!subject || subject.status === 'complete' || !subject.credentials) return undefined;
  const { credentials } = subject;
  const note = async (message: string) => {
    await connections.recordVerification(
      connectionId,
      { verified: null, message },
      { announce: false },
    );
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
  let result: Classified;
  try {
    result = await testLogin(
      browser,
      {
        loginUrl: provider.loginUrl,
        usernameSelector: provider.usernameSelector,
        passwordSelector: provider.passwordSelector,
        submitSelector: provider.submitSelector,
      },
      { username: credentials.utilityUsername, password: credentials.utilityPassword },
    );
  } catch (error) {
    if (error instanceof RefusedUrlError) {
      result = { outcome: 'navigation_failed', detail: error.reason };
    } else if (error instanceof BrowserUnavailableError) {
      return note(`Not checked automatically: ${error.message}`);
    } else {
      throw error;
    }
  }
  const verdict = verdictFor(result, attempt.final ? 'last-job' : 'job');
  log.info({ connectionId, outcome: result.outcome }, 'credentials checked');
  await connections.recordVerification(
    connectionId,
    { verified: verdict.credentialsVerified, message: verdict.message },
    { announce: true },
  );
  if (verdict.transient) throw new TransientLoginError(verdict.message);
  return undefined;
}

/** A check whose portal slot is further off than this is brought back later by the queue. */
const DEFER_AFTER_MS = 2000;
