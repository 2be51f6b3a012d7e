import { describe, expect, it } from 'vitest';
import { dateIn, newestFirst } from './bills.ts';
import { sniff } from './documents.ts';
import type { RetrievalSettings } from './retrieval.ts';
import { shownName } from './retrieval-walk.ts';
import { loginAndRetrieve } from './service.ts';
import { PORTAL_ACCOUNTS } from './testing/portals.ts';
import { MFA_CODE, MFA_OPTIONS, statementPdf } from './testing/retrieval-portals.ts';
import { portalsAndBrowser } from './testing/setup.ts';

const env = portalsAndBrowser({ pageTimeoutMs: 5000, taskTimeoutMs: 90_000 });

const detect: RetrievalSettings = { billsPage: null, usagePage: null, exportControl: null };
const retrieve = (variant: string, settings = detect) =>
  loginAndRetrieve(
    env.browser,
    { loginUrl: env.portals.url(`/retrieval/${variant}/`) },
    PORTAL_ACCOUNTS.good,
    settings,
  );
const pdfOf = (id: string) => Buffer.from(statementPdf(id)).toString('base64');

describe('retrieval after the login', () => {
  it('finds the two latest bills (by their dates) and the longest Green Button export', async () => {
    const { login, retrieval } = await retrieve('full');
    expect(login.outcome).toBe('success');
    expect(retrieval?.notes).toEqual([]);
    const bills = retrieval?.files.filter((f) => f.kind === 'bill') ?? [];
    // b2 (11/12) is shown inline, c3 (10/12) is a download; a1 (09/12) is the oldest.
    expect(bills.map((b) => b.bytes.toString('base64'))).toEqual([pdfOf('b2'), pdfOf('c3')]);
    expect(bills.map((b) => b.fileName)).toEqual(['statement-b2.pdf', 'statement-c3.pdf']);
    expect(bills[0]?.sourcePage).toBe(env.portals.url('/retrieval/full/bills'));
    expect(retrieval?.bills).toBe(2);
    const [usage] = retrieval?.files.filter((f) => f.kind === 'interval') ?? [];
    expect(usage?.fileName).toBe('GreenButtonData.xml');
    expect(usage?.contentType).toBe('application/xml');
    expect(usage?.sourcePage).toBe(env.portals.url('/retrieval/full/usage'));
    expect(env.portals.exports.at(-1)).toBe('xml:24');
    expect(retrieval?.intervalExport).toBe(true);
    expect(await env.browser.openContexts()).toBe(0);
  });

  it('works through a single-page portal drawn by script, with a blob download', async () => {
    const { retrieval } = await retrieve('spa');
    expect(retrieval?.bills).toBe(2);
    expect(retrieval?.files.filter((f) => f.kind === 'bill').map((b) => b.fileName)).toEqual([
      'statement-b2.pdf',
      'statement-c3.pdf',
    ]);
    expect(retrieval?.intervalExport).toBe(true);
  });

  it('says what it could not find: a portal without an export', async () => {
    const { retrieval } = await retrieve('no-export');
    expect(retrieval?.bills).toBe(2);
    expect(retrieval?.intervalExport).toBe(false);
    expect(retrieval?.files.every((f) => f.kind === 'bill')).toBe(true);
  });

  it('keeps nothing that is not what it claims: a web page named .pdf', async () => {
    const { retrieval } = await retrieve('fake-pdf');
    expect(retrieval?.bills).toBe(0);
    expect(retrieval?.files.filter((f) => f.kind === 'bill')).toEqual([]);
    expect(retrieval?.notes).toContain('"a1.pdf" was not a PDF (it was a web page); skipped');
  });

  it('keeps no download over the upload limit', async () => {
    const { retrieval } = await retrieve('huge');
    expect(retrieval?.bills).toBe(0);
    expect(retrieval?.files.filter((f) => f.kind === 'bill')).toEqual([]);
    expect(retrieval?.notes).toEqual(
      Array(3).fill('a statement: it is larger than the 10 MB limit'),
    );
  });

  it("follows a provider's settings: a page by its address, the export by its words", async () => {
    const { retrieval } = await retrieve('full', {
      billsPage: '/retrieval/full/bills',
      usagePage: 'Energy Usage',
      exportControl: 'Download My Data',
    });
    expect(retrieval?.bills).toBe(2);
    expect(retrieval?.intervalExport).toBe(true);
  });

  it('says it is signed in before it walks the portal for documents', async () => {
    let requestsWhenSignedIn = -1;
    const { login, retrieval } = await loginAndRetrieve(
      env.browser,
      { loginUrl: env.portals.url('/retrieval/full/') },
      PORTAL_ACCOUNTS.good,
      detect,
      {
        onSignedIn: async () => {
          requestsWhenSignedIn = env.portals.requests.length;
        },
      },
    );
    expect(login.outcome).toBe('success');
    expect(retrieval?.bills).toBe(2);
    // Told after the login and before the bills page was asked for.
    const billsAt = env.portals.requests.lastIndexOf('GET /retrieval/full/bills');
    expect(requestsWhenSignedIn).toBeGreaterThan(0);
    expect(billsAt).toBeGreaterThanOrEqual(requestsWhenSignedIn);
  });

  it('a wrong password retrieves nothing', async () => {
    const { login, retrieval } = await loginAndRetrieve(
      env.browser,
      { loginUrl: env.portals.url('/retrieval/full/') },
      PORTAL_ACCOUNTS.wrong,
      detect,
    );
    expect(login.outcome).toBe('invalid_credentials');
    expect(retrieval).toBeUndefined();
  });
});

describe('a portal with a code step', () => {
  it("keeps the portal's session after the code: the next login within it needs none", async () => {
    const asked: string[][] = [];
    let saved = '';
    const handler = {
      ask: async (options: string[]) => void asked.push(options),
      choice: async () => MFA_OPTIONS[1] ?? null,
      askCode: async () => {},
      code: async () => MFA_CODE,
      finish: async () => {},
      saveSession: async (state: string) => {
        saved = state;
      },
    };
    const target = { loginUrl: env.portals.url('/retrieval/mfa/') };
    const first = await loginAndRetrieve(env.browser, target, PORTAL_ACCOUNTS.good, detect, {
      mfa: handler,
    });
    expect(first.mfa).toEqual({ ok: true });
    expect(first.login.outcome).toBe('success');
    expect(asked).toEqual([MFA_OPTIONS]);
    expect(JSON.parse(saved).cookies.map((c: { name: string }) => c.name)).toContain(
      'portal_device',
    );
    expect(first.retrieval?.bills).toBe(2);

    const second = await loginAndRetrieve(env.browser, target, PORTAL_ACCOUNTS.good, detect, {
      mfa: handler,
      session: saved,
    });
    expect(second.login.outcome).toBe('success');
    expect(second.mfa).toBeUndefined();
    expect(asked).toHaveLength(1);
    // Without the session the portal asks again.
    const fresh = await loginAndRetrieve(env.browser, target, PORTAL_ACCOUNTS.good, detect);
    expect(fresh.login.outcome).toBe('mfa_required');
  });
});

describe('what a download is', () => {
  it('tells a PDF, a feed, a CSV and a web page apart by their bytes', () => {
    expect(sniff(statementPdf('a1'))).toBe('pdf');
    expect(sniff(Buffer.from('\uFEFF<?xml version="1.0"?><feed/>'))).toBe('xml');
    expect(sniff(Buffer.from('date,kwh\n2026-01-01,1.5\n'))).toBe('csv');
    expect(sniff(Buffer.from('<!DOCTYPE html><html><body>Sign in</body></html>'))).toBe('html');
    expect(sniff(Buffer.from([0, 1, 2, 3]))).toBe('other');
  });

  it("quotes a portal's file name plainly and briefly", () => {
    expect(shownName('bill\u0000\nname.pdf')).toBe('bill name.pdf');
    expect(shownName('x'.repeat(100))).toBe(`${'x'.repeat(77)}...`);
  });

  it('orders bills by the newest date written near them', () => {
    expect(dateIn('Statement 11/12/2026 $96.24')).toBe(Date.UTC(2026, 10, 12));
    expect(dateIn('Bill for Oct 12, 2026')).toBe(Date.UTC(2026, 9, 12));
    expect(dateIn('2026-09-12 to 2026-10-11')).toBe(Date.UTC(2026, 9, 11));
    expect(dateIn('View bill')).toBe(0);
  });

  it('tries the newest statements first; undated links keep their place on the page', () => {
    const link = (id: number, context: string) => ({ id, text: 'View PDF', href: null, context });
    const order = newestFirst([
      link(0, 'Statement 09/12/2026'),
      link(1, 'Summary'),
      link(2, 'Statement 11/12/2026'),
      link(3, 'Notice'),
      link(4, 'Statement Oct 12, 2026'),
    ]);
    expect(order.map((c) => c.id)).toEqual([2, 4, 0, 1, 3]);
  });
});
