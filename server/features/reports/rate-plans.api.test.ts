import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportVersionList } from '../../../common/reports.ts';
import { formatMoney } from '../../lib/report/format.ts';
import { californiaTariffs } from '../../lib/tariffs/catalogue.ts';
import { rankTariffs } from '../../lib/tariffs/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addCatalogueTariffsOnFirstStart } from '../tariffs/catalogue-seed.ts';
import { lastTwelveMonths } from './rate-plans.ts';
import { pdfText } from './testing/downloads.ts';
import { buildPgeReport, type PgeReport } from './testing/pge-report.ts';

// A year of PG&E interval data and a PG&E statement on rate schedule E-TOU-C, on the starter
// PG&E provider with the published plans: the report reproduces the year under E-TOU-C and
// ranks every PG&E plan against it, each figure the tariff engine's own, with its source and
// effective date.

const PGE_PLANS = californiaTariffs().filter((c) => c.utility === 'PG&E');

let t: TestApp;
let built: PgeReport;
let owner: PgeReport['owner'];
let connectionId: number;
let html: string;
let section: string;
let missing: string[];
const call: PgeReport['call'] = (...args) => built.call(...args);
const download: PgeReport['download'] = (...args) => built.download(...args);

const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#61;/g, '=')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

/** The text of each row of the section's table under `heading`. */
function rowsUnder(heading: string): string[] {
  const from = section.indexOf(heading);
  expect(from, heading).toBeGreaterThanOrEqual(0);
  const tableHtml = section.slice(from, section.indexOf('</table>', from));
  const body = tableHtml.slice(tableHtml.indexOf('<tbody>'), tableHtml.indexOf('</tbody>'));
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => textOf(m[1] ?? '').trim());
}

beforeAll(async () => {
  t = await createTestApp();
  built = await buildPgeReport(t, {
    providerName: 'Pacific Gas and Electric (PG&E)',
    onProvider: async () => {
      expect(await addCatalogueTariffsOnFirstStart(t.database.db)).toBe(PGE_PLANS.length);
    },
  });
  ({ owner, connectionId } = built);
  const ready = built.report;
  missing = ready.summary?.missing ?? [];
  html = (await download(owner, `/api/reports/${ready.id}/download/html`)).toString();
  const start = html.indexOf('<section id="rate-plans"');
  expect(start).toBeGreaterThan(html.indexOf('<section id="usage"'));
  section = html.slice(start, html.indexOf('</section>', start));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** The engine's answer on the same series the report was built from. */
async function engine() {
  const stored = await t.app.services.intervals.latestForReport(connectionId);
  if (!stored) throw new Error('no interval data');
  const current = PGE_PLANS.findIndex((p) => p.id === 'pge-e-tou-c');
  const series = lastTwelveMonths(stored.series);
  const ranked = rankTariffs(
    series,
    PGE_PLANS.map((p) => p.urdb),
    { current },
  );
  return { ranked, current };
}

const money = (cents: number) => formatMoney(cents / 100);
const signed = (cents: number) =>
  cents === 0 ? money(0) : `${cents > 0 ? '+' : '−'}${money(Math.abs(cents))}`;

describe('the Rate plans section of a report on a year of PG&E data and an E-TOU-C bill', () => {
  it('names E-TOU-C, from the statement, as the current plan, with its bills over the 12 months', async () => {
    const { ranked, current } = await engine();
    const text = textOf(section);
    const touC = ranked.find((r) => r.index === current);
    if (!touC) throw new Error('E-TOU-C was not priced');
    expect(text).toContain(
      'Current plan Plan E-TOU-C Residential Time of Use, Baseline Territory P The statement of 2022-12-09 names the rate schedule “E-TOU-C”.',
    );
    expect(text).toContain('interval data of 2024-02-01 to 2025-01-31 (366 days)');
    expect(text).toContain(`Bills, 2024-02-01 to 2025-01-31 ${money(touC.bill.totals.totalCents)}`);
    expect(text).toContain(`Annual cost ${money(touC.annualCents)}`);
  });

  it('ranks every PG&E plan by the engine’s annual cost, each with its difference, effective date and source', async () => {
    const { ranked } = await engine();
    const rows = rowsUnder('Plans ranked by annual cost');
    expect(rows).toHaveLength(PGE_PLANS.length);
    ranked.forEach((r, i) => {
      const plan = PGE_PLANS[r.index];
      if (!plan) throw new Error('no plan');
      const row = rows[i] ?? '';
      expect(row.startsWith(`${r.rank} ${plan.urdb.name}`), row).toBe(true);
      expect(row).toContain(`Effective ${plan.effectiveDate} · Source: ${plan.publishedSource}`);
      expect(row).toContain(plan.source);
      const diff =
        r.differenceCents === 0 && row.includes('(current)') ? '—' : signed(r.differenceCents ?? 0);
      expect(
        row.endsWith(`${money(r.bill.totals.totalCents)} ${money(r.annualCents)} ${diff}`),
        row,
      ).toBe(true);
    });
    // The year differs from plan to plan: the ranking is not an accident of ties.
    expect(new Set(ranked.map((r) => r.annualCents)).size).toBe(PGE_PLANS.length);
  });

  it('gives each month’s bill under the current and the cheapest plan as the engine prices them', async () => {
    const { ranked, current } = await engine();
    const touC = ranked.find((r) => r.index === current);
    const cheapest = ranked[0];
    if (!touC || !cheapest) throw new Error('nothing priced');
    const rows = rowsUnder('Monthly bills on the current');
    expect(rows).toHaveLength(12);
    touC.bill.bills.forEach((bill, i) => {
      const plans = cheapest === touC ? [touC] : [touC, cheapest];
      const figures = plans.map((p) => money(p.bill.bills[i]?.totalCents ?? Number.NaN)).join(' ');
      expect(rows[i]).toMatch(
        new RegExp(`^\\w+ ${bill.start.slice(0, 4)} ${figures.replace(/\$/g, '\\$')}$`),
      );
    });
    expect(section).toContain('<svg class="chart"');
  });

  it('checks the statement against its bill: its charges as read, its 2022 period outside the data', () => {
    const text = textOf(section);
    // The statement's own figures (expected-figures file of the shared fixtures): PG&E delivery
    // $62.11 and 3CE generation $34.33, $96.44 of electric charges; service 11/08 to 12/08/2022.
    expect(text).toContain(
      'Statement check The bill of the statement of 2022-12-09, reproduced from the interval data for its own billing period under E-TOU-C Residential Time of Use, Baseline Territory P',
    );
    expect(text).toContain('Billing period 2022-11-08 to 2022-12-08');
    expect(text).toContain('Computed under the plan Not computed');
    expect(text).toContain('Statement charges $96.44 delivery $62.11 and generation $34.33');
    expect(text).toContain(
      "The statement's billing period, 2022-11-08 to 2022-12-08, is outside the interval data (2024-02-01 to 2025-01-31), so its bill cannot be reproduced and compared.",
    );
  });

  it('adds nothing to what is missing: the statement’s rate schedule was priced', () => {
    expect(missing.some((m) => m.includes('rate schedule'))).toBe(false);
  });

  it('is in the PDF too', async () => {
    const list = ReportVersionList.parse(
      (await call(owner, 'GET', `/api/connections/${connectionId}/reports`)).json(),
    );
    const id = list.reports.find((r) => r.status === 'ready')?.id;
    const pdf = pdfText(await download(owner, `/api/reports/${id}/download/pdf`));
    expect(pdf.replace(/\s+/g, ' ')).toContain('Plans ranked by annual cost');
  }, 60_000);
});
