import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { connections, providers } from '../../db/schema.ts';
import type { JobAttempt, JobContext } from '../../jobs/types.ts';
import { BrowserUnavailableError, RefusedUrlError } from '../../lib/browser/index.ts';
import { openCredentials } from '../connections/credentials.ts';
import { type Classified, verdictFor } from './classify.ts';
import { providerGate } from './providerGate.ts';
import { testLogin } from './service.ts';

/** Thrown after recording a result worth retrying (portal down or slow): the queue retries. */
export class TransientLoginError extends Error {
  override name = 'TransientLoginError';
}

const NO_LOGIN_PAGE =
  'Not checked automatically: the provider has no login page set up. An admin will check the login by hand.';

async function record(db: Db, id: number, verified: boolean | null, message: string) {
  await db
    .update(connections)
    .set({ credentialsVerified: verified, verificationMessage: message, verifiedAt: new Date() })
    .where(eq(connections.id, id));
}

/**
 * Logs in to the connection's utility portal with the customer's credentials (opened only
 * here, never logged) and records the verdict on the connection. A portal that does not answer
 * is tried again by the queue, unless this was its last try.
 */
export async function verifyConnection(
  ctx: JobContext,
  connectionId: number,
  attempt: JobAttempt,
): Promise<void> {
  const { db, vault, browser, config, log } = ctx;
  const [row] = await db
    .select({ connection: connections, provider: providers })
    .from(connections)
    .innerJoin(providers, eq(providers.id, connections.providerId))
    .where(eq(connections.id, connectionId))
    .limit(1);
  // Gone, finished or purged: there is nothing left to check.
  if (!row || row.connection.status === 'complete') return;
  const credentials = openCredentials(vault, row.connection);
  if (!credentials) return;
  const { provider } = row;
  if (!provider.loginUrl) return record(db, connectionId, null, NO_LOGIN_PAGE);
  try {
    browser.assertInstalled();
  } catch (error) {
    const message = `Not checked automatically: ${(error as Error).message}`;
    return record(db, connectionId, null, message);
  }

  await providerGate.wait(db, provider.id, config.providerLoginIntervalMs);
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
      return record(db, connectionId, null, `Not checked automatically: ${error.message}`);
    } else {
      throw error;
    }
  }
  const verdict = verdictFor(result, attempt.final ? 'last-job' : 'job');
  await record(db, connectionId, verdict.credentialsVerified, verdict.message);
  log.info({ connectionId, outcome: result.outcome }, 'credentials checked');
  await ctx.events.emit('connection.credentials_checked', {
    connectionId,
    verified: verdict.credentialsVerified,
    message: verdict.message,
  });
  if (verdict.transient) throw new TransientLoginError(verdict.message);
}
