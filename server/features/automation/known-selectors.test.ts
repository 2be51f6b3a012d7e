import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { knownSelectorsFor } from '../../db/provider-known-selectors.ts';
import { openTestDatabase } from '../../test/database.ts';
import { ProvidersService } from '../providers/service.ts';
import { STALE_SELECTORS_NOTE, verdictFor } from './classify.ts';
import { testCredentials, testLogin } from './service.ts';
import { PORTAL_ACCOUNTS } from './testing/portals.ts';
import { portalsAndBrowser } from './testing/setup.ts';

const env = portalsAndBrowser({ pageTimeoutMs: 3000, taskTimeoutMs: 40_000 });
const { good } = PORTAL_ACCOUNTS;
/** The saved username field is waited for first (as on a slow page), then the form detected. */
const LOGIN_TEST_MS = 90_000;

// SCE's shipped selectors, read on its portal: the plain test portal has none of their fields.
const SCE = 'Southern California Edison (SCE)';
const sce = knownSelectorsFor(SCE);
if (!sce) throw new Error(`${SCE} has no shipped selectors`);
const shipped = {
  usernameSelector: sce.usernameSelector,
  passwordSelector: sce.passwordSelector,
  submitSelector: sce.submitSelector,
};

describe('shipped selectors the page no longer matches', () => {
  it(
    'are set aside for the detected form, and the admin’s test says so first',
    async () => {
      const loginUrl = env.portals.url('/portal');
      const result = await testLogin(
        env.browser,
        { loginUrl, ...shipped, knownSelectors: true },
        good,
      );
      expect(result).toMatchObject({ outcome: 'success', staleSelectors: true });
      const verdict = verdictFor(result, 'test');
      expect(verdict.success).toBe(true);
      expect(verdict.message).toBe(
        `${STALE_SELECTORS_NOTE} Signed in to the utility portal. No action needed.`,
      );
      expect(verdict.message).toContain('no longer matches the known selectors');
      // A customer's background check is not told about selectors: that is the admin's business.
      expect(verdictFor(result, 'job').message).not.toContain('selectors');
    },
    LOGIN_TEST_MS,
  );

  it(
    'an admin’s own selectors are not second-guessed: the one that matches nothing is named',
    async () => {
      const loginUrl = env.portals.url('/portal');
      const result = await testLogin(env.browser, { loginUrl, ...shipped }, good);
      expect(result).toEqual({
        outcome: 'navigation_failed',
        detail: `the username selector ${shipped.usernameSelector} matches nothing on the page`,
      });
    },
    LOGIN_TEST_MS,
  );
});

describe('Test Login of a provider with its shipped selectors', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it(
    'signs in on the detected form and tells the admin the known selectors are out of date',
    async () => {
      const providers = new ProvidersService({ db: database.db });
      const made = await providers.create({ name: SCE, country: 'US', state: 'California' });
      const saved = await providers.update(made.id, {
        name: SCE,
        country: 'US',
        state: 'California',
        loginUrl: env.portals.url('/portal'),
        ...shipped,
      });
      expect(saved.knownSelectors).toEqual({ source: sce.source, seenAt: sce.seenAt });

      const result = await testCredentials(database.db, env.browser, {
        providerId: made.id,
        username: good.username,
        password: good.password,
      });
      expect(result.success).toBe(true);
      expect(result.message.startsWith(STALE_SELECTORS_NOTE)).toBe(true);
    },
    LOGIN_TEST_MS,
  );
});
