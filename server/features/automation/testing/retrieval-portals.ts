import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeEspiXml } from '../../../lib/intervals/testing/synthetic-espi.ts';
import { linesOf, writePdf } from '../../../lib/statements/testing/pdf.ts';
import { layout, plainForm } from './portal-pages.ts';
import { revealPage } from './reveal-portals.ts';

/**
 * Account pages behind a login, as utilities build them: a bill history of statement PDFs and a
 * Green Button "Download My Data" form. Each variant lives under `/retrieval/<variant>/`:
 * - `full`: server-rendered pages, one bill sent as a download and one shown inline;
 * - `spa`: the same, drawn by a script after load, the export saved from a blob;
 * - `no-export`: bills, but no usage export anywhere;
 * - `fake-pdf`: a "PDF" that is a web page;
 * - `huge`: statements over the upload limit (11 MB);
 * - `hidden`: like `full`, its sign-in form hidden until "I have an account" is picked, beside a
 *   hidden registration form;
 * - `mfa`: a code step after the password (text or email, then the code `MFA_CODE`); a browser
 *   that passed it is remembered (a device cookie) and is not asked again.
 * Pages refuse a browser without the session cookie the login sets.
 */
const RETRIEVAL_VARIANTS = [
  'full',
  'spa',
  'no-export',
  'fake-pdf',
  'mfa',
  'huge',
  'hidden',
] as const;
type RetrievalVariant = (typeof RETRIEVAL_VARIANTS)[number];

/** The statements every variant lists (newest last, so order must come from the dates). */
const STATEMENTS = [
  { id: 'a1', date: '09/12/2026', due: '10/03/2026', kwh: '412.500', amount: '118.40' },
  { id: 'b2', date: '11/12/2026', due: '12/03/2026', kwh: '327.119', amount: '96.24' },
  { id: 'c3', date: '10/12/2026', due: '11/02/2026', kwh: '365.020', amount: '104.77' },
];

export function statementPdf(id: string): Uint8Array {
  const s = STATEMENTS.find((x) => x.id === id) ?? STATEMENTS[0];
  if (!s) throw new Error('no statements');
  return writePdf([
    linesOf([
      'Example Gas & Electric',
      'Account Number: 1234567890-1',
      `Statement Date: ${s.date}`,
      `Amount Due: $${s.amount}`,
      `Due Date: ${s.due}`,
      `Total Usage: ${s.kwh} kWh`,
      'Rate Schedule: E-TOU-C',
    ]),
  ]);
}

/** An hourly Green Button feed of `months` months up to `end` (UTC ms). */
function exportFeed(months: number, end: number): string {
  const start = new Date(end);
  start.setUTCMonth(start.getUTCMonth() - months);
  const readings = [];
  for (let t = start.getTime(); t < end; t += 3_600_000) {
    readings.push({ start: t, minutes: 60, kWh: 0.5 + ((t / 3_600_000) % 24) / 48 });
  }
  return writeEspiXml(readings);
}

const COOKIE = 'portal_session=signed-in';
const DEVICE = 'portal_device=trusted';
/** The code the `mfa` portal "sends". */
export const MFA_CODE = '246810';
export const MFA_OPTIONS = ['Text me at ***-***-0100', 'Email me at d***@example.com'];

const choosePage = (base: string) => `
<h1>Verify it's you</h1><p>We need to confirm your identity. Where should we send a one-time code?</p>
<form action="${base}/choose" method="post">
${MFA_OPTIONS.map((o, i) => `<label><input type="radio" name="channel" value="${i}"> ${o}</label>`).join('<br>')}
<button type="submit">Send code</button></form>`;

const codePage = (base: string, sentTo: string, error = '') => `
<h1>Enter your code</h1><p>We sent a 6-digit verification code to ${sentTo}.</p>
${error ? `<p role="alert">${error}</p>` : ''}
<form action="${base}/verify" method="post"><label for="otp">Verification code</label>
<input id="otp" name="otp" autocomplete="one-time-code" inputmode="numeric">
<button type="submit">Verify</button></form>`;
const html = (res: ServerResponse, body: string, status = 200) =>
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);

const accountPage = (base: string, variant: RetrievalVariant) => `
<h1>My Account</h1><p>Welcome back, Dana. Amount due: $96.24</p>
<nav aria-label="Account"><a href="${base}/pay">Pay My Bill</a>
<a href="${base}/bills">Billing History</a>
${variant === 'no-export' ? '' : `<a href="${base}/usage">Energy Usage</a>`}
<a href="${base}/logout">Sign out</a></nav>`;

const billsPage = (base: string, variant: RetrievalVariant) => `
<h1>Billing History</h1><table><thead><tr><th>Statement date</th><th>Amount</th><th></th></tr></thead><tbody>
${STATEMENTS.map(
  (s, i) =>
    `<tr><td>${s.date}</td><td>$${s.amount}</td><td><a href="${base}/bills/${s.id}.pdf${
      variant !== 'fake-pdf' && i === 1 ? '?inline=1' : ''
    }">View Bill (PDF)</a></td></tr>`,
).join('\n')}
</tbody></table>`;

const usagePage = (base: string) => `
<h1>Energy Usage</h1><p>Your usage by hour and by bill period.</p>
<p><a href="${base}/export">Green Button Download My Data</a></p>`;

const exportForm = (base: string) => `
<h1>Download My Data</h1>
<form action="${base}/export" method="post">
  <fieldset><legend>Format</legend>
  <label><input type="radio" name="format" value="csv" checked> Spreadsheet (CSV)</label>
  <label><input type="radio" name="format" value="xml"> Green Button XML</label></fieldset>
  <label for="range">Date range</label>
  <select id="range" name="range"><option value="1">Last 30 days</option>
  <option value="12">Last 12 months</option><option value="24">Last 24 months</option></select>
  <button type="submit">Export</button>
</form>`;

/** The single-page variant: one document, views drawn from the hash. */
const spaScript = (base: string) => `
const bills = ${JSON.stringify(STATEMENTS)};
function draw() {
  const view = location.hash.slice(1) || 'home';
  const main = document.getElementById('app');
  if (view === 'home') main.innerHTML = '<h1>My Account</h1><button id="go-bills">Billing History</button> <button id="go-usage">Energy Usage</button>';
  if (view === 'bills') main.innerHTML = '<h1>Billing History</h1><ul>' + bills.map((b) =>
    '<li>Statement ' + b.date + ' <a href="${base}/bills/' + b.id + '.pdf">Download bill PDF</a></li>').join('') + '</ul>';
  if (view === 'usage') main.innerHTML = '<h1>Energy Usage</h1><button id="gb">Download My Data</button>';
  const on = (id, f) => { const el = document.getElementById(id); if (el) el.onclick = f; };
  on('go-bills', () => { location.hash = 'bills'; });
  on('go-usage', () => { location.hash = 'usage'; });
  on('gb', async () => {
    const res = await fetch('${base}/export', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'format=xml&range=24' });
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url; a.download = 'GreenButtonData.xml'; document.body.appendChild(a); a.click();
  });
}
window.addEventListener('hashchange', draw);
setTimeout(draw, 300);`;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return new URLSearchParams(raw);
}

/**
 * Serves `/retrieval/<variant>/...`; false when the path is not one of these pages. `served`
 * records the exports asked for (range and format), for tests.
 */
export async function serveRetrieval(
  req: IncomingMessage,
  res: ServerResponse,
  served: { exports: string[]; mfaChoices: string[] },
): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://portal');
  const match = /^\/retrieval\/([a-z-]+)(\/.*)?$/.exec(url.pathname);
  const variant = match?.[1] as RetrievalVariant | undefined;
  if (!variant || !RETRIEVAL_VARIANTS.includes(variant)) return false;
  const base = `/retrieval/${variant}`;
  const rest = match?.[2] ?? '/';
  const key = `${req.method} ${rest}`;
  if (key === 'GET /') {
    html(
      res,
      variant === 'hidden'
        ? revealPage('radio', 'en', `${base}/session`)
        : layout('Sign in', plainForm(`${base}/session`)),
    );
    return true;
  }
  if (key === 'POST /session') {
    const form = await readForm(req);
    const trusted = (req.headers.cookie ?? '').includes(DEVICE);
    if (form.get('username') === 'dana' && form.get('password') === 'right-pass') {
      if (variant === 'mfa' && !trusted) {
        res.writeHead(302, { location: `${base}/choose` }).end();
        return true;
      }
      res.writeHead(302, { location: `${base}/account`, 'set-cookie': `${COOKIE}; Path=/` }).end();
    } else {
      html(res, layout('Sign in', plainForm(`${base}/session`, 'The password is incorrect.')));
    }
    return true;
  }
  if (variant === 'mfa' && key === 'GET /choose') {
    html(res, layout('Verify', choosePage(base)));
    return true;
  }
  if (variant === 'mfa' && key === 'POST /choose') {
    const choice = MFA_OPTIONS[Number((await readForm(req)).get('channel'))];
    if (!choice) {
      html(res, layout('Verify', choosePage(base)));
      return true;
    }
    served.mfaChoices.push(choice);
    html(res, layout('Verify', codePage(base, choice.replace(/^(Text|Email) me at /, ''))));
    return true;
  }
  if (variant === 'mfa' && key === 'POST /verify') {
    if ((await readForm(req)).get('otp') !== MFA_CODE) {
      html(
        res,
        layout('Verify', codePage(base, 'your phone', 'That code is incorrect. Try again.')),
      );
      return true;
    }
    res
      .writeHead(302, {
        location: `${base}/account`,
        'set-cookie': [`${COOKIE}; Path=/`, `${DEVICE}; Path=/; Max-Age=2592000`],
      })
      .end();
    return true;
  }
  if (!(req.headers.cookie ?? '').includes(COOKIE)) {
    res.writeHead(302, { location: `${base}/` }).end();
    return true;
  }
  const statement = /^\/bills\/([a-z0-9]+)\.pdf$/.exec(rest);
  if (req.method === 'GET' && statement) {
    if (variant === 'fake-pdf') {
      html(res, layout('Statement', '<h1>Your statement</h1><p>Sign in again to view it.</p>'));
      return true;
    }
    if (variant === 'huge') {
      const body = Buffer.alloc(11 * 1024 * 1024, 0x20);
      body.write('%PDF-1.4\n');
      res
        .writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="statement-${statement[1]}.pdf"`,
        })
        .end(body);
      return true;
    }
    const inline = url.searchParams.get('inline') === '1';
    res
      .writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="statement-${statement[1]}.pdf"`,
      })
      .end(Buffer.from(statementPdf(statement[1] ?? '')));
    return true;
  }
  if (variant === 'spa' && key === 'GET /account') {
    html(res, layout('My Account', '<div id="app">Loading…</div>', spaScript(base)));
    return true;
  }
  if (key === 'GET /account') html(res, layout('My Account', accountPage(base, variant)));
  else if (key === 'GET /bills') html(res, layout('Billing History', billsPage(base, variant)));
  else if (key === 'GET /usage' && variant !== 'no-export') {
    html(res, layout('Energy Usage', usagePage(base)));
  } else if (key === 'GET /export' && variant !== 'no-export') {
    html(res, layout('Download My Data', exportForm(base)));
  } else if (key === 'POST /export' && variant !== 'no-export') {
    const form = await readForm(req);
    const months = Number(form.get('range') ?? 1);
    const format = form.get('format') ?? 'csv';
    served.exports.push(`${format}:${months}`);
    res
      .writeHead(200, {
        'content-type': 'application/xml',
        'content-disposition': 'attachment; filename="GreenButtonData.xml"',
      })
      .end(exportFeed(months, Date.UTC(2026, 10, 1)));
  } else {
    html(res, layout('Not found', '<h1>Page not found</h1>'), 404);
  }
  return true;
}
