import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { linesOf, writePdf } from '../../../lib/statements/testing/pdf.ts';
import { layout, plainForm } from './portal-pages.ts';

/**
 * Bill histories shaped as portals shape them, each under `/history/<variant>/` behind the
 * same login (dana / right-pass), with a monthly statement on the 12th from January 2025 to
 * November 2026:
 * - `frame`, `frame-cross`: the history inside an iframe (same origin, another origin);
 * - `next-newest`: four a page, newest first, "Next" pages by address;
 * - `next-oldest`: five a page, oldest first, "Suivant" pages by address;
 * - `numbers`: five a page, oldest first, drawn by script behind page-number buttons;
 * - `more`: five at first, oldest first, "Load more" adds five;
 * - `year`: a year list set to 2025, applied by its "Go" button;
 * - `range`: from/to dates set to 2024, applied by "Search";
 * - `viewer-embed`, `viewer-link`: each bill opens a page embedding the PDF or linking to it.
 */
const VARIANTS = [
  'frame',
  'frame-cross',
  'next-newest',
  'next-oldest',
  'numbers',
  'more',
  'year',
  'range',
  'viewer-embed',
  'viewer-link',
] as const;
type Variant = (typeof VARIANTS)[number];

type Bill = { id: string; date: string; iso: string };
/** Oldest first. */
const HISTORY: Bill[] = Array.from({ length: 23 }, (_, i) => {
  const year = 2025 + Math.floor(i / 12);
  const month = String((i % 12) + 1).padStart(2, '0');
  return { id: `${year}-${month}`, date: `${month}/12/${year}`, iso: `${year}-${month}-12` };
});

export const historyPdf = (id: string): Uint8Array => {
  const bill = HISTORY.find((b) => b.id === id);
  return writePdf([
    linesOf(['Example Gas & Electric', `Statement Date: ${bill?.date}`, 'Amount Due: $90.00']),
  ]);
};

const COOKIE = 'history_session=signed-in';
const html = (res: ServerResponse, body: string, status = 200) =>
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);

const rows = (base: string, bills: Bill[], viewer = false) =>
  `<table><thead><tr><th>Statement date</th><th>Amount</th><th></th></tr></thead><tbody>${bills
    .map(
      (b, i) =>
        `<tr><td>${b.date}</td><td>$90.00</td><td><a href="${base}/${viewer ? 'view' : 'pdf'}/${b.id}${
          i % 2 ? '?inline=1' : ''
        }">View Bill (PDF)</a></td></tr>`,
    )
    .join('')}</tbody></table>`;

const SCRIPTED = (base: string, more: boolean) => `
const bills = ${JSON.stringify(HISTORY)};
let shown = 1;
function draw() {
  const list = ${more} ? bills.slice(0, shown * 5) : bills.slice((shown - 1) * 5, shown * 5);
  document.getElementById('list').innerHTML = list.map((b) =>
    '<li>Statement ' + b.date + ' <a href="${base}/pdf/' + b.id + '">Download bill PDF</a></li>').join('');
  const pages = Math.ceil(bills.length / 5);
  document.getElementById('pager').innerHTML = ${more}
    ? (shown < pages ? '<button id="more">Load more</button>' : '')
    : Array.from({ length: pages }, (_, i) => '<button data-page="' + (i + 1) + '">' + (i + 1) + '</button>').join(' ');
  for (const b of document.querySelectorAll('#pager button')) {
    b.onclick = () => { setTimeout(() => { shown = b.dataset.page ? Number(b.dataset.page) : shown + 1; draw(); }, 150); };
  }
}
draw();`;

function historyPage(variant: Variant, base: string, url: URL, cross: string): string {
  const page = Number(url.searchParams.get('page') ?? 1);
  const pager = (size: number, order: Bill[], word: string) => {
    const slice = order.slice((page - 1) * size, page * size);
    const next =
      page * size < order.length ? `<a href="${base}/bills?page=${page + 1}">${word}</a>` : '';
    return `${rows(base, slice)}<nav aria-label="Pages">${next}</nav>`;
  };
  switch (variant) {
    case 'frame':
      return `<iframe title="Bill history" src="${base}/inner" width="700" height="500"></iframe>`;
    case 'frame-cross':
      return `<iframe title="Bill history" src="${cross}${base}/inner" width="700" height="500"></iframe>`;
    case 'next-newest':
      return pager(4, [...HISTORY].reverse(), 'Next');
    case 'next-oldest':
      return pager(5, HISTORY, 'Suivant ›');
    case 'numbers':
    case 'more':
      return `<ul id="list"></ul><div id="pager"></div>`;
    case 'year': {
      const year = url.searchParams.get('year') ?? '2025';
      const options = ['2024', '2025', '2026']
        .map((y) => `<option${y === year ? ' selected' : ''}>${y}</option>`)
        .join('');
      return `<form method="get" action="${base}/bills"><label for="year">Year</label>
<select id="year" name="year">${options}</select><button type="submit">Go</button></form>
${rows(
  base,
  HISTORY.filter((b) => b.iso.startsWith(year)),
)}`;
    }
    case 'range': {
      const from = url.searchParams.get('from') ?? '2024-01-01';
      const to = url.searchParams.get('to') ?? '2024-12-31';
      return `<form method="get" action="${base}/bills">
<label for="from">From</label><input type="date" id="from" name="from" value="${from}">
<label for="to">To</label><input type="date" id="to" name="to" value="${to}">
<button type="submit">Search</button></form>
${rows(
  base,
  HISTORY.filter((b) => b.iso >= from && b.iso <= to),
)}`;
    }
    default:
      return rows(base, HISTORY, true);
  }
}

export type HistoryPortals = {
  url(path: string): string;
  /** Requests received, as `METHOD /path?query`. */
  requests: string[];
  close(): Promise<void>;
};

/** Starts the bill history portals on two loopback ports (the second for cross-origin frames). */
export async function startHistoryPortals(): Promise<HistoryPortals> {
  const requests: string[] = [];
  const servers = [http.createServer(), http.createServer()];
  const origins: string[] = [];
  for (const s of servers) {
    origins.push(
      await new Promise<string>((resolve) =>
        s.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`),
        ),
      ),
    );
  }
  const cross = origins[1] as string;
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    requests.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? '/', 'http://portal');
    const match = /^\/history\/([a-z-]+)(\/.*)?$/.exec(url.pathname);
    const variant = match?.[1] as Variant;
    if (!VARIANTS.includes(variant)) return html(res, 'Not found', 404);
    const base = `/history/${variant}`;
    const rest = `${req.method} ${match?.[2] ?? '/'}`;
    if (rest === 'GET /') return html(res, layout('Sign in', plainForm(`${base}/session`)));
    if (rest === 'POST /session') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      if (form.get('username') !== 'dana' || form.get('password') !== 'right-pass') {
        return html(res, layout('Sign in', plainForm(`${base}/session`, 'Wrong password.')));
      }
      return res
        .writeHead(302, { location: `${base}/account`, 'set-cookie': `${COOKIE}; Path=/` })
        .end();
    }
    if (!(req.headers.cookie ?? '').includes(COOKIE)) {
      return res.writeHead(302, { location: `${base}/` }).end();
    }
    const pdf = /^GET \/pdf\/([0-9-]+)$/.exec(rest);
    if (pdf) {
      const inline = url.searchParams.get('inline') === '1';
      return res
        .writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="bill-${pdf[1]}.pdf"`,
        })
        .end(Buffer.from(historyPdf(pdf[1] as string)));
    }
    const view = /^GET \/view\/([0-9-]+)$/.exec(rest);
    if (view) {
      const src = `${base}/pdf/${view[1]}?inline=1`;
      const tags = [
        `<iframe title="Statement" src="${src}" width="600" height="800"></iframe>`,
        `<embed type="application/pdf" src="${src}" width="600" height="800">`,
        `<object type="application/pdf" data="${src}" width="600" height="800"></object>`,
      ];
      const body =
        variant === 'viewer-embed'
          ? tags[Number(view[1]?.slice(-2)) % 3]
          : `<p><a href="${base}/bills">Back to billing history</a></p><p><a href="${base}/pdf/${view[1]}">Download</a></p>`;
      return html(res, layout('Statement', `<h1>Your statement</h1>${body}`));
    }
    if (rest === 'GET /account') {
      return html(
        res,
        layout(
          'My Account',
          `<h1>My Account</h1><nav><a href="${base}/bills">Billing History</a> <a href="${base}/logout">Sign out</a></nav>`,
        ),
      );
    }
    if (rest === 'GET /inner') return html(res, rows(base, HISTORY));
    if (rest === 'GET /bills') {
      const scripted = variant === 'numbers' || variant === 'more';
      return html(
        res,
        layout(
          'Billing History',
          `<h1>Billing History</h1>${historyPage(variant, base, url, cross)}`,
          scripted ? SCRIPTED(base, variant === 'more') : '',
        ),
      );
    }
    return html(res, 'Not found', 404);
  };
  for (const s of servers) s.on('request', serve);
  return {
    url: (p) => `${origins[0]}${p}`,
    requests,
    close: async () => {
      for (const s of servers) {
        s.closeAllConnections();
        await new Promise((resolve) => s.close(resolve));
      }
    },
  };
}
