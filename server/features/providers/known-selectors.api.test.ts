import { describe, expect, it } from 'vitest';
import { Provider } from '../../../common/providers.ts';
import { KNOWN_SELECTORS, knownSelectorsFor } from '../../db/provider-known-selectors.ts';
import { STARTER_PROVIDERS } from '../../db/seed-providers.ts';
import { adminAndUserApp, caller } from '../../test/api.ts';
import { openTestDatabase } from '../../test/database.ts';
import { ProvidersService } from './service.ts';

const suite = adminAndUserApp();
const call = caller(() => suite.t.app);

const listAsAdmin = async () => {
  const res = await call('GET', '/api/providers', suite.admin.cookie);
  expect(res.statusCode).toBe(200);
  return Provider.array().parse(res.json());
};
const byName = (rows: Provider[], name: string) => {
  const row = rows.find((r) => r.name === name);
  if (!row) throw new Error(`${name} is not in the list`);
  return row;
};

describe('a fresh install', () => {
  it('starts with the shipped sign-in pages and selectors, each with where it was read', async () => {
    const catalogue = new ProvidersService({ db: suite.t.database.db });
    expect(await catalogue.addStarterCatalogueOnFirstStart()).toBe(STARTER_PROVIDERS.length);
    const rows = await listAsAdmin();
    for (const entry of KNOWN_SELECTORS) {
      expect(byName(rows, entry.provider)).toMatchObject({
        loginUrl: entry.loginUrl,
        usernameSelector: entry.usernameSelector,
        passwordSelector: entry.passwordSelector,
        submitSelector: entry.submitSelector,
        knownSelectors: { source: entry.source, seenAt: entry.seenAt },
      });
    }
    // A utility no public source was found for keeps its starter page and no selectors.
    const xcel = byName(rows, 'Xcel Energy');
    expect(knownSelectorsFor(xcel.name)).toBeUndefined();
    expect(xcel).toMatchObject({
      loginUrl: 'https://my.xcelenergy.com/MyAccount/XE_Login',
      usernameSelector: null,
      passwordSelector: null,
      submitSelector: null,
      knownSelectors: null,
    });
    // Restarting finds nothing to give: every known one has its selectors.
    expect(await catalogue.addKnownSelectors('start')).toEqual([]);
  });

  it("keeps an admin's edits: the origin goes, and restarts never put the shipped ones back", async () => {
    const catalogue = new ProvidersService({ db: suite.t.database.db });
    const rows = await listAsAdmin();
    const pge = byName(rows, 'Pacific Gas and Electric (PG&E)');
    const sdge = byName(rows, 'San Diego Gas & Electric (SDG&E)');
    const edit = (row: Provider, body: object) =>
      call('PUT', `/api/providers/${row.id}`, suite.admin.cookie, {
        name: row.name,
        state: row.state,
        ...body,
      });

    const tuned = await edit(pge, { usernameSelector: '#my-user' });
    expect(tuned.statusCode).toBe(200);
    expect(tuned.json()).toMatchObject({ usernameSelector: '#my-user', knownSelectors: null });
    // Cleared to have the form detected on the page: a choice too.
    const cleared = await edit(sdge, {
      usernameSelector: null,
      passwordSelector: null,
      submitSelector: null,
    });
    expect(cleared.json()).toMatchObject({ usernameSelector: null, knownSelectors: null });

    expect(await catalogue.addKnownSelectors('start')).toEqual([]);
    const after = await listAsAdmin();
    expect(byName(after, pge.name)).toMatchObject({
      usernameSelector: '#my-user',
      passwordSelector: pge.passwordSelector,
      knownSelectors: null,
    });
    expect(byName(after, sdge.name)).toMatchObject({
      usernameSelector: null,
      passwordSelector: null,
      knownSelectors: null,
    });
  });
});

describe('an install from before the catalogue knew any selectors', () => {
  it('gives them once to the starters without selectors, and leaves those an admin set up', async () => {
    const fresh = await openTestDatabase();
    try {
      const catalogue = new ProvidersService({ db: fresh.db });
      // The starters as an older version added them: page, no selectors.
      const made = new Map<string, number>();
      for (const entry of STARTER_PROVIDERS)
        made.set(entry.name, (await catalogue.create(entry)).id);
      const id = (name: string) => made.get(name) ?? 0;
      const duke = 'Duke Energy';
      const fpl = 'Florida Power & Light (FPL)';
      await catalogue.update(id(duke), {
        name: duke,
        country: 'US',
        state: 'North Carolina',
        usernameSelector: '#duke-user',
      });
      await catalogue.update(id(fpl), {
        name: fpl,
        country: 'US',
        state: 'Florida',
        loginUrl: 'https://www.fpl.com/my-account/other-login.html',
      });

      const filled = await catalogue.addKnownSelectors('start');
      const expected = KNOWN_SELECTORS.map((e) => e.provider).filter(
        (n) => n !== duke && n !== fpl,
      );
      expect(filled.sort()).toEqual(expected.sort());
      const rows = await catalogue.list({ admin: true });
      const sdge = byName(rows, 'San Diego Gas & Electric (SDG&E)');
      expect(sdge).toMatchObject({
        loginUrl: 'https://myaccount.sdge.com',
        usernameSelector: 'input[id="usernamex"]',
        knownSelectors: { seenAt: '2021-04-26' },
      });
      expect(byName(rows, duke)).toMatchObject({
        loginUrl: 'https://www.duke-energy.com/sign-in',
        usernameSelector: '#duke-user',
        passwordSelector: null,
        knownSelectors: null,
      });
      expect(byName(rows, fpl)).toMatchObject({
        loginUrl: 'https://www.fpl.com/my-account/other-login.html',
        usernameSelector: null,
        knownSelectors: null,
      });

      // Given once: cleared afterwards, they stay cleared across restarts.
      await catalogue.update(sdge.id, {
        name: sdge.name,
        country: 'US',
        state: 'California',
        usernameSelector: null,
        passwordSelector: null,
        submitSelector: null,
      });
      expect(await catalogue.addKnownSelectors('start')).toEqual([]);
      expect(byName(await catalogue.list({ admin: true }), sdge.name).usernameSelector).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});

describe('the shipped entries', () => {
  const starterNames = STARTER_PROVIDERS.map((p) => p.name);
  const today = new Date().toISOString().slice(0, 10);

  it.each(KNOWN_SELECTORS.map((entry) => [entry.provider, entry] as const))(
    '%s names a starter provider, its source file at a commit, and the date seen',
    (_name, entry) => {
      expect(starterNames).toContain(entry.provider);
      const pinned = /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/blob\/[0-9a-f]{40}\/\S+$/;
      expect(entry.source).toMatch(pinned);
      if (entry.loginUrlSource) expect(entry.loginUrlSource).toMatch(pinned);
      expect(entry.seenAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${entry.seenAt}T00:00:00Z`).toISOString().slice(0, 10)).toBe(entry.seenAt);
      expect(entry.seenAt <= today).toBe(true);
      expect(entry.loginUrl).toMatch(/^https:\/\//);
      expect(entry.usernameSelector.trim()).not.toBe('');
      expect(entry.passwordSelector.trim()).not.toBe('');
      if (entry.loginFlow === 'identifier-first') expect(entry.continueSelector).toBeTruthy();
    },
  );

  it('has one entry per provider', () => {
    const names = KNOWN_SELECTORS.map((e) => e.provider.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });
});
