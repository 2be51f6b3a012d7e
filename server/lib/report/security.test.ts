// Every value from the input is text in the report, never markup, and the document fetches
// nothing: no script, no external URL in any attribute or style.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { utilityFixture } from '../../test/utility-fixtures.ts';
import { REPORT_CSP, type ReportInput, renderReport } from './index.ts';
import { intervalsOf, reportFile, reportInput } from './testing/factories.ts';

const FIXTURE = utilityFixture('espi', 'gba_openespi_15min_14days_cost_usagesummary.xml');
const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  "' onmouseover='alert(1)",
  '</title><svg onload=alert(1)>',
  '&lt;b&gt; & </style><style>*{background:url(https://evil.example/x)}</style>',
];

/** The same report with every string of the input replaced by `value(i)`. */
function inputWith(value: (i: number) => string): ReportInput {
  let n = 0;
  const next = () => value(n++);
  const intervals = intervalsOf('feed.xml', new Uint8Array(readFileSync(FIXTURE)));
  intervals.fileName = next();
  intervals.format = next();
  intervals.quality.dst.events = [
    { kind: 'nonexistent', label: next(), start: intervals.series.start, at: next() },
  ];
  return reportInput({
    account: {
      customerName: next(),
      customerEmail: next(),
      accountName: next(),
      accountNumber: next(),
      serviceAddress: next(),
      meterNumbers: [next(), next()],
      providerName: next(),
      providerState: next(),
      startDate: next(),
      endDate: next(),
      usageKwh: 10,
      costCents: 100,
    },
    preparedBy: { name: next(), logo: null },
    intervals,
    files: [
      reportFile({ name: next(), sha256: next(), provenance: next() }),
      reportFile({
        name: next(),
        kind: 'interval',
        sha256: next(),
        provenance: next(),
        importStatus: 'failed',
        importError: next(),
      }),
    ],
  });
}

const tagsOf = (html: string) => [...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[1]);

describe('hostile input', () => {
  const hostile = renderReport(inputWith((i) => PAYLOADS[i % PAYLOADS.length] as string)).html;
  const benign = renderReport(inputWith((i) => `value ${i}`)).html;

  it('reaches the HTML as text only', () => {
    expect(hostile).not.toContain('<img');
    expect(hostile).not.toContain('<script');
    expect(hostile).not.toContain('<svg onload');
    expect(hostile).not.toMatch(/ on(error|load|mouseover)=/);
    expect(hostile).toContain('&lt;img src&#61;x onerror&#61;alert(1)&gt;');
    expect(hostile).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(hostile).toContain('&#39; onmouseover&#61;&#39;alert(1)');
    expect(hostile).toContain('&amp;lt;b&amp;gt; &amp; &lt;/style&gt;');
  });

  it('has exactly the markup of the same report with harmless values', () => {
    expect(tagsOf(hostile)).toEqual(tagsOf(benign));
    expect(tagsOf(hostile).length).toBeGreaterThan(500);
  });
});

describe('a self-contained document', () => {
  const { html } = renderReport(
    inputWith((i) =>
      i === 18 ? 'Retrieved automatically from https://portal.pge.example/x' : `v${i}`,
    ),
  );

  it('declares a Content-Security-Policy that forbids every fetch', () => {
    expect(REPORT_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`);
  });

  it('has no script, no link, no src or href, no url() and no import', () => {
    expect(html).not.toMatch(/<script|<link|<iframe|<object|<embed|<img/i);
    expect(html).not.toMatch(/\s(src|href|xlink:href|srcset|action)\s*=/i);
    expect(html).not.toMatch(/url\(|@import|@font-face/i);
  });

  it('mentions a web address only as text (a file’s provenance)', () => {
    const addresses = [...html.matchAll(/https?:\/\//g)].map((m) =>
      html.slice(m.index - 29, m.index),
    );
    expect(addresses).toEqual(['Retrieved automatically from ']);
  });
});
