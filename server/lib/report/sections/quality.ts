import {
  type DstEvent,
  type QualityReport,
  type Reconciliation,
  type RunStats,
  VERDICT_MIN_COVERAGE_PCT,
} from '../../intervals/index.ts';
import { isNumber } from '../figures.ts';
import {
  formatHours,
  formatInt,
  formatKWh,
  formatLocal,
  formatLocalDate,
  formatMoney,
  formatPct,
} from '../format.ts';
import { type HtmlValue, html, type SafeHtml } from '../html.ts';
import type { IntervalView } from '../interval-view.ts';
import { facts, notRecorded, section, table } from './layout.ts';

/** Events listed one by one; a file with more gets a count. */
const EVENTS_SHOWN = 20;
/** A bill period this well covered is compared like for like. */

export function qualitySection(view: IntervalView): SafeHtml {
  const { quality, series } = view;
  const zone = series.timeZone;
  const gaps = quality.gaps;
  const rows: Array<[string, HtmlValue]> = [
    [
      'Coverage',
      html`<strong>${formatPct(quality.coveragePct)}</strong> of ${formatInt(quality.slots)} 15-minute intervals, ${view.firstDate} to ${view.lastDate}`,
    ],
    [
      'Source resolution',
      `${view.resolution} readings${
        quality.splitPct > 0
          ? `; ${formatPct(quality.splitPct)} of intervals are an even share of a longer reading`
          : ''
      }`,
    ],
    [
      'Gaps',
      gaps.count === 0
        ? 'None'
        : `${formatInt(gaps.count)} ${gaps.count === 1 ? 'gap' : 'gaps'}, longest ${formatHours(gaps.longestMinutes)}${
            isNumber(gaps.longestStart) ? ` from ${formatLocal(gaps.longestStart, zone)}` : ''
          }; ${formatHours(gaps.missingMinutes)} missing in all`,
    ],
    ['Estimated readings', estimated(quality)],
    [
      'Duplicates removed',
      `${formatInt(quality.duplicatesRemoved)}${
        quality.conflictingDuplicates > 0
          ? ` (${formatInt(quality.conflictingDuplicates)} disagreed with the reading kept; the first was kept)`
          : ''
      }`,
    ],
    ['Runs of zero readings (6 h or more)', runs(quality.zeroRuns, zone)],
    ['Runs of identical readings (6 h or more)', runs(quality.flatRuns, zone)],
    ['Daylight-saving changes', dstSummary(view)],
  ];
  return section(
    'quality',
    'Data quality',
    facts(rows),
    view.dstDays.length ? dstTable(view) : null,
    quality.dst.events.length ? eventTable(quality.dst.events) : null,
    quality.notes?.length
      ? html`<h3>How the interval file was read</h3><ul>${quality.notes.map((note) => html`<li>${note}</li>`)}</ul>`
      : null,
    html`<h3>Reconciliation with the utility’s figures</h3>`,
    quality.reconciliation.length
      ? reconciliationTable(quality.reconciliation, zone)
      : html`<p class="note">The interval file states no bill or total to check the intervals against.</p>`,
  );
}

function estimated(quality: QualityReport): string {
  const present = Math.round((quality.slots * quality.coveragePct) / 100);
  const count = Math.round((present * quality.estimatedPct) / 100);
  if (count === 0) return 'None';
  const pct = quality.estimatedPct < 0.05 ? 'under 0.1%' : formatPct(quality.estimatedPct);
  return `${formatInt(count)} ${count === 1 ? 'interval' : 'intervals'} (${pct} of intervals with data)`;
}

function runs(stats: RunStats, zone: string): string {
  if (stats.count === 0) return 'None';
  const from = isNumber(stats.longestStart) ? ` from ${formatLocal(stats.longestStart, zone)}` : '';
  return `${formatInt(stats.count)}, longest ${formatHours(stats.longestHours * 60)}${from}`;
}

function dstSummary(view: IntervalView): string {
  const { dst } = view.quality;
  const days = view.dstDays.length;
  const fileNotes = [
    dst.nonexistent ? `${dst.nonexistent} non-existent spring-forward label(s)` : '',
    dst.repeated ? `${dst.repeated} repeated fall-back label(s)` : '',
    dst.folded ? `${dst.folded} folded fall-back reading(s)` : '',
  ].filter(Boolean);
  const changes = days
    ? `${days} clock ${days === 1 ? 'change' : 'changes'} in the period, each day counted with its real length (below)`
    : 'No clock change in the period';
  return fileNotes.length
    ? `${changes}; the file had ${fileNotes.join(', ')}, all placed on the right instant`
    : changes;
}

function dstTable(view: IntervalView): SafeHtml {
  return table(
    [
      { label: 'Local date' },
      { label: 'Change' },
      { label: 'Day length' },
      { label: 'Intervals in the day', numeric: true },
      { label: 'With data', numeric: true },
    ],
    view.dstDays.map((d) => [
      d.date,
      d.kind,
      `${d.hours} h`,
      d.slotsInSeries === d.expectedSlots
        ? formatInt(d.expectedSlots)
        : `${formatInt(d.slotsInSeries)} of ${formatInt(d.expectedSlots)} (day partly outside the data)`,
      formatInt(d.slotsWithData),
    ]),
    { caption: 'Days on which the clock changed: DST handled, 15-minute intervals per local day.' },
  );
}

const EVENT_TEXT: Record<DstEvent['kind'], string> = {
  nonexistent: 'label does not exist locally (spring forward); read as the instant it stands for',
  folded: 'fall-back hour written once holding both hours; spread over the two hours',
  repeated: 'fall-back hour written twice; file order decides which is which',
};

function eventTable(events: DstEvent[]): SafeHtml {
  const more = events.length - EVENTS_SHOWN;
  return html`${table(
    [{ label: 'Label in the file' }, { label: 'Handling' }, { label: 'Where' }],
    events.slice(0, EVENTS_SHOWN).map((e) => [e.label, EVENT_TEXT[e.kind] ?? e.kind, e.at]),
    { caption: 'Daylight-saving labels found in the file.' },
  )}${more > 0 ? html`<p class="note">And ${formatInt(more)} more.</p>` : null}`;
}

function reconciliationTable(entries: QualityReport['reconciliation'], zone: string): SafeHtml {
  const withCost = entries.some((e) => isNumber(e.statedCost));
  const money = (v: number | undefined) => (isNumber(v) ? formatMoney(v) : '—');
  return table(
    [
      { label: 'Utility figure' },
      { label: 'Stated kWh', numeric: true },
      { label: 'Interval kWh', numeric: true },
      { label: 'Difference kWh', numeric: true },
      { label: 'Interval coverage', numeric: true },
      { label: 'Result' },
      ...(withCost ? [{ label: 'Cost: stated / intervals' }] : []),
    ],
    entries.map((e) => {
      const covered = e.coveragePct > 0;
      return [
        html`${sourceOf(e)}<div class="source">${periodOf(e, zone)}</div>`,
        isNumber(e.statedKWh) ? formatKWh(e.statedKWh) : notRecorded('not stated'),
        covered ? formatKWh(e.intervalKWh) : notRecorded('—'),
        isNumber(e.differenceKWh) ? formatKWh(e.differenceKWh) : notRecorded('—'),
        formatPct(e.coveragePct),
        verdict(e, covered),
        ...(withCost ? [`${money(e.statedCost)} / ${covered ? money(e.intervalCost) : '—'}`] : []),
      ];
    }),
    {
      caption: `Interval kWh summed over the part of each period the intervals cover; a partly covered bill is compared with its stated kWh scaled to that part, and below ${VERDICT_MIN_COVERAGE_PCT}% coverage there is no verdict. A bill amount includes fixed charges and taxes, so it need not equal the per-interval costs.`,
    },
  );
}

function verdict(e: Reconciliation, covered: boolean): SafeHtml {
  if (!isNumber(e.statedKWh)) {
    // A billing history's gas bill (therms, ccf) says why it is not compared with the kWh.
    const why = e.source === 'billing history' ? e.verdictNote : undefined;
    return html`<span class="none">${why ? `${why[0]?.toUpperCase()}${why.slice(1)}` : 'No kWh stated'}</span>`;
  }
  if (!covered) return html`<span class="none">No interval data in this period</span>`;
  if (e.matches === undefined) {
    return html`<span class="warn">No verdict: under ${VERDICT_MIN_COVERAGE_PCT}% of the period covered</span>`;
  }
  const basis = e.basis === 'net' ? ' (net of export)' : '';
  const part = e.coveragePct < 100 ? ' over the covered part' : '';
  if (e.matches) return html`<span class="ok">Matches${basis}${part}</span>`;
  const compared = e.comparedKWh ?? e.statedKWh;
  const pct =
    isNumber(e.differenceKWh) && compared !== 0 ? (e.differenceKWh / compared) * 100 : undefined;
  return html`<span class="warn">Differs${basis}${part}${isNumber(pct) ? ` by ${formatPct(pct)}` : ''}</span>`;
}

function sourceOf(e: Reconciliation): string {
  if (e.source === 'bill') return 'Bill (UsageSummary)';
  if (e.source === 'statement') return `Statement PDF${e.label ? ` (${e.label})` : ''}`;
  if (e.source === 'billing history') return `Billing history${e.label ? ` (${e.label})` : ''}`;
  return 'Total stated in the file';
}

function periodOf(e: Reconciliation, zone: string): string {
  if (!isNumber(e.periodStart) || !isNumber(e.periodEnd)) return 'Whole file';
  return `${formatLocalDate(e.periodStart, zone)} to ${formatLocalDate(e.periodEnd - 1, zone)}`;
}
