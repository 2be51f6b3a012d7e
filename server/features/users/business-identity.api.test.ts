import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportVersionList } from '../../../common/reports.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createProvider, loginAccepted, submission, submitForm } from '../../test/connections.ts';
import { createUser, login, signedIn } from '../../test/factories.ts';
import { pngLogo } from '../../test/logos.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.ts';

// What the customer and the report show of the professional's business, on the real app: the
// customer's email through a real SMTP peer, and the report's cover printed by Chromium.

const HOSTILE = '<img src=x onerror=alert(1)>';

let t: TestApp;
let smtp: SmtpPeer;
let providerId: number;
let admin: { cookie: string };

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Utility Reports <reports@utility.example>',
  });
  providerId = (await createProvider(t.database.db, { name: 'Pacific Power' })).id;
  admin = await signedIn(t.app, t.database.db, 'admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Who = { cookie: string };
const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

/** A professional with an email and the business they named (or none). */
async function professional(business?: { companyName: string; replyToEmail: string }) {
  const user = await createUser(t.database.db, { email: `pro-${Date.now()}@example.com` });
  const who = { user, cookie: await login(t.app, user.username) };
  if (business) {
    expect((await call(who, 'PUT', '/api/user/business', business)).statusCode).toBe(200);
  }
  return who;
}

const customerEmail = () => `maria-${Math.random().toString(36).slice(2)}@example.com`;

describe('the customer’s email', () => {
  it('comes from the business via us, and replies go to the business', async () => {
    const pro = await professional({
      companyName: 'Sunrise Solar',
      replyToEmail: 'office@sunrise.example',
    });
    const to = customerEmail();
    const sent = await submitForm(
      t.app,
      pro.user.uniqueFormUrl,
      submission(providerId, { name: 'Maria Gonzalez', email: to }),
    );
    expect(sent.statusCode).toBe(201);
    await t.app.services.queue.drain();
    const mail = await smtp.waitFor((m) => m.to === to);
    expect(mail.parsed.from?.value).toEqual([
      { name: 'Sunrise Solar via Utility Reports', address: 'reports@utility.example' },
    ]);
    expect(mail.parsed.replyTo?.value).toEqual([{ name: '', address: 'office@sunrise.example' }]);
    expect(mail.subject).toBe('We received your utility account details for Sunrise Solar');
    expect(mail.text).toContain('within 24 hours, and Sunrise Solar then receives');
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain(pro.user.username);
    }
    // The notice to the professional is ours alone, as before.
    const notice = await smtp.waitFor((m) => m.to === pro.user.email);
    expect(notice.parsed.from?.value[0]?.name).toBe('Utility Reports');
    expect(notice.parsed.replyTo).toBeUndefined();
  });

  it('without a company name, names the professional in neutral words, never the username', async () => {
    const pro = await professional();
    const to = customerEmail();
    await submitForm(t.app, pro.user.uniqueFormUrl, submission(providerId, { email: to }));
    await t.app.services.queue.drain();
    const mail = await smtp.waitFor((m) => m.to === to);
    expect(mail.parsed.from?.value).toEqual([
      { name: 'Utility Reports', address: 'reports@utility.example' },
    ]);
    expect(mail.parsed.replyTo).toBeUndefined();
    expect(mail.subject).toBe(
      'We received your utility account details for your energy professional',
    );
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain(pro.user.username);
    }
  });

  it('keeps a hostile company name inside the From name, our address unchanged', async () => {
    const pro = await professional({
      companyName: 'Evil" <attacker@evil.example>, x@evil.example',
      replyToEmail: 'office@sunrise.example',
    });
    const to = customerEmail();
    await submitForm(t.app, pro.user.uniqueFormUrl, submission(providerId, { email: to }));
    await t.app.services.queue.drain();
    const mail = await smtp.waitFor((m) => m.to === to);
    expect(mail.parsed.from?.value).toEqual([
      {
        name: 'Evil" <attacker@evil.example>, x@evil.example via Utility Reports',
        address: 'reports@utility.example',
      },
    ]);
    expect(mail.recipients).toEqual([to]);
  });
});

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cover-pdf-'));
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Follows a download redirect to the signed object URL and returns the bytes. */
async function download(who: Who, url: string) {
  const res = await call(who, 'GET', url);
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), 'http://localhost');
  const file = await t.app.inject({ method: 'GET', url: location.pathname + location.search });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

describe('the report’s cover', () => {
  let html: string;
  let pdf: string;
  const logo = pngLogo(80, 30);

  beforeAll(async () => {
    const pro = await professional({
      companyName: HOSTILE,
      replyToEmail: 'office@sunrise.example',
    });
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/user/business/logo',
      payload: logo,
      headers: { cookie: pro.cookie, 'content-type': 'image/png' },
    });
    expect(upload.statusCode).toBe(200);
    expect((await call(pro, 'POST', '/api/billing/test-card', { plan: 'basic' })).statusCode).toBe(
      200,
    );
    const form = await submitForm(
      t.app,
      pro.user.uniqueFormUrl,
      submission(providerId, { name: 'Maria Gonzalez', email: customerEmail() }),
    );
    const connectionId = form.json().id as number;
    await loginAccepted(t.app, connectionId);
    expect((await call(pro, 'POST', '/api/record-usage', { connectionId })).json().status).toBe(
      'billed',
    );
    await t.app.services.queue.drain();
    const done = await call(admin, 'PUT', `/api/connections/${connectionId}`, {
      status: 'complete',
    });
    expect(done.statusCode).toBe(200);
    await t.app.services.queue.drain();
    const list = await call(pro, 'GET', `/api/connections/${connectionId}/reports`);
    const [ready] = ReportVersionList.parse(list.json()).reports;
    expect(ready?.status).toBe('ready');
    html = (await download(pro, `/api/reports/${ready?.id}/download/html`)).toString();
    pdf = pdfText(await download(pro, `/api/reports/${ready?.id}/download/pdf`));
  }, 120_000);

  it('says who prepared it for whom, the hostile name as text in the HTML', () => {
    expect(html).toContain(
      'Prepared by &lt;img src&#61;x onerror&#61;alert(1)&gt; for Maria Gonzalez',
    );
    expect(html).not.toContain(HOSTILE);
    expect(html).not.toMatch(/ onerror=/);
  });

  it('carries the logo inside the document, as a data: URI', () => {
    const images = [...html.matchAll(/<img [^>]*src="([^"]*)"/g)].map((m) => m[1]);
    expect(images).toHaveLength(1);
    expect(images[0]?.replace(/&#61;/g, '=')).toBe(
      `data:image/png;base64,${logo.toString('base64')}`,
    );
  });

  it('prints the same line in the PDF (pdftotext)', () => {
    expect(pdf.replace(/\s+/g, ' ')).toContain(`Prepared by ${HOSTILE} for Maria Gonzalez`);
  });
});
