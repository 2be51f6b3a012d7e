import type { ElectricSummary, IntervalSummary } from '@common/intervals.ts';
import { Download } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { GasUsage } from '@/components/gas-usage.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import {
  billLines,
  dstNotes,
  formatDollars,
  formatKw,
  formatKwh,
  formatLocalTime,
  formatName,
  formatPercent,
  formatRate,
  gapsText,
  readingsText,
  reconciliationLines,
  seriesPeriod,
} from './interval-display.ts';
import { useChooseMeter, useConnectionIntervals } from './use-connections.ts';

// uPlot and its styles load only when a connection with interval data is opened.
const IntervalCharts = lazy(() => import('./interval-charts.tsx'));

/** The imported interval data: load-profile and monthly charts, key figures, data quality. */
export function IntervalSection({ connectionId }: { connectionId: number }) {
  const intervals = useConnectionIntervals(connectionId);
  return (
    <section aria-labelledby={`intervals-${connectionId}`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`intervals-${connectionId}`} className="font-semibold text-slate-900">
          Interval data
        </h3>
        <div className="flex flex-wrap gap-2">
          {intervals.data?.series ? (
            <Button asChild variant="outline" size="sm">
              <a href={`/api/connections/${connectionId}/intervals.csv`} download>
                <Download aria-hidden="true" />
                Download interval CSV
              </a>
            </Button>
          ) : null}
          {intervals.data?.gas ? (
            <Button asChild variant="outline" size="sm">
              <a href={`/api/connections/${connectionId}/gas.csv`} download>
                <Download aria-hidden="true" />
                Download gas CSV
              </a>
            </Button>
          ) : null}
        </div>
      </div>
      {intervals.isPending ? (
        <Spinner label="Loading interval data..." className="size-4" />
      ) : intervals.isError ? (
        <p role="alert" className="text-red-700 text-sm">
          The interval data could not be loaded: {intervals.error.message}
        </p>
      ) : intervals.data === null ? (
        <p className="rounded-lg border border-slate-300 border-dashed px-4 py-6 text-center text-slate-500 text-sm">
          No interval data yet. Upload the customer's CSV or Green Button XML export to see the load
          profile.
        </p>
      ) : (
        <>
          {electricOf(intervals.data) ? (
            <IntervalSummaryView connectionId={connectionId} summary={electricOf(intervals.data)} />
          ) : null}
          {intervals.data.gas ? <GasUsage gas={intervals.data.gas} /> : null}
        </>
      )}
    </section>
  );
}

/** The electric part of a summary, when the connection has electric data (not gas alone). */
function electricOf(summary: IntervalSummary): ElectricSummary | undefined {
  const { series, analytics, quality } = summary;
  return series && analytics && quality ? { ...summary, series, analytics, quality } : undefined;
}

function IntervalSummaryView({
  connectionId,
  summary,
}: {
  connectionId: number;
  summary: ElectricSummary | undefined;
}) {
  if (!summary) return null;
  const { series, analytics, quality } = summary;
  const dst = dstNotes(quality.dst);
  const reconciliation = reconciliationLines(quality.reconciliation, series.timeZone);
  const bills = billLines(quality.bills ?? [], series.timeZone).filter((b) => b.items.length > 0);
  const notes = quality.notes ?? [];
  return (
    <div className="grid gap-5">
      <p className="text-slate-600 text-sm">
        From {series.fileName} ({formatName(series.format)},{' '}
        {readingsText(series.sourceIntervalSeconds)}): {seriesPeriod(series)}, {series.timeZone}.
      </p>
      {series.meters.length > 1 ? (
        <MeterPicker connectionId={connectionId} series={series} />
      ) : null}
      {notes.length > 0 ? (
        <section aria-label="How the file was read" className="rounded-md bg-slate-50 px-3 py-2">
          <h4 className="font-medium text-slate-800 text-sm">How the file was read</h4>
          <ul className="mt-1 grid list-disc gap-1 pl-5 text-slate-700 text-sm">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <Suspense
        fallback={
          <div className="flex h-64 items-center justify-center">
            <Spinner label="Loading charts..." />
          </div>
        }
      >
        <IntervalCharts summary={summary} />
      </Suspense>
      <div className="grid gap-6 md:grid-cols-2">
        <Figures title="Key figures">
          <Figure label="Total delivered">{formatKwh(analytics.deliveredKWh)}</Figure>
          {analytics.receivedKWh > 0 ? (
            <>
              <Figure label="Total received">{formatKwh(analytics.receivedKWh)}</Figure>
              <Figure label="Net">{formatKwh(analytics.netKWh)}</Figure>
            </>
          ) : null}
          <Figure label="Peak demand">
            {analytics.peak
              ? `${formatKw(analytics.peak.kW)} on ${formatLocalTime(analytics.peak.local)}`
              : null}
          </Figure>
          <Figure label="Average demand">{formatKw(analytics.averageKw)}</Figure>
          <Figure label="Base load">{formatKw(analytics.baseLoadKw)}</Figure>
          <Figure label="Load factor">{formatPercent(analytics.loadFactor * 100)}</Figure>
          <Figure label="Cost">
            {analytics.cost === undefined ? null : formatDollars(analytics.cost)}
          </Figure>
          {analytics.costPerKWh === undefined ? null : (
            <Figure label="Average rate">{formatRate(analytics.costPerKWh)}</Figure>
          )}
        </Figures>
        <Figures title="Data quality">
          <Figure label="Coverage">{formatPercent(quality.coveragePct)}</Figure>
          <Figure label="Gaps">{gapsText(quality.gaps)}</Figure>
          <Figure label="Estimated">{formatPercent(quality.estimatedPct)}</Figure>
          {quality.splitPct > 0 ? (
            <Figure label="Split from longer readings">{formatPercent(quality.splitPct)}</Figure>
          ) : null}
          {quality.duplicatesRemoved > 0 ? (
            <Figure label="Duplicates removed">{quality.duplicatesRemoved}</Figure>
          ) : null}
          <Figure label="Daylight saving">
            {dst.length === 0 ? (
              'No anomalies'
            ) : (
              <ul className="grid gap-1">
                {dst.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            )}
          </Figure>
          <Figure label="Reconciliation">
            {reconciliation.length === 0 ? (
              'No bill summary or stated total in the file'
            ) : (
              <ul className="grid gap-1">
                {reconciliation.map((line) => (
                  <li key={`${line.title}-${line.text}`}>
                    <span className="font-medium">{line.title}</span>: {line.text}
                  </li>
                ))}
              </ul>
            )}
          </Figure>
        </Figures>
      </div>
      {bills.length > 0 ? (
        <section aria-label="Bill line items" className="grid gap-2">
          <h4 className="font-medium text-slate-800 text-sm">Bill line items in the file</h4>
          {bills.map((bill) => (
            <div key={bill.title} className="text-sm">
              <p className="font-medium text-slate-700">{bill.title}</p>
              <ul className="grid list-disc gap-0.5 pl-5 text-slate-700">
                {bill.items.map((item, i) => (
                  // Items may repeat word for word (two equal fees): the index tells them apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: a static list, never reordered
                  <li key={i}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
    </div>
  );
}

/** A file of several meters: which one the connection's series is (the admin chooses). */
function MeterPicker({
  connectionId,
  series,
}: {
  connectionId: number;
  series: ElectricSummary['series'];
}) {
  const choose = useChooseMeter(connectionId);
  const id = `meter-${connectionId}`;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="text-slate-700">
        This file holds {series.meters.length} meters. Meter shown:
      </label>
      <select
        id={id}
        className="rounded-md border border-slate-300 bg-white px-2 py-1"
        value={series.meter ?? ''}
        disabled={choose.isPending}
        onChange={(e) => choose.mutate({ fileId: series.fileId, meter: e.target.value })}
      >
        {series.meters.map((meter) => (
          <option key={meter} value={meter}>
            {meter}
          </option>
        ))}
      </select>
      {choose.isPending ? <Spinner label="Switching meter..." className="size-4" /> : null}
    </div>
  );
}

function Figures({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid content-start gap-3">
      <h4 className="font-medium text-slate-800 text-sm">{title}</h4>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">{children}</dl>
    </section>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-900 tabular-nums">
        {children ?? <span className="text-slate-500">Not known</span>}
      </dd>
    </div>
  );
}
