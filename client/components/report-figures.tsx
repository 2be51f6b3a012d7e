import type { ReportSummary } from '@common/reports.ts';
import { reportFigures } from '@/lib/report-display.ts';
import { cn } from '@/lib/utils.ts';

/**
 * The headline figures of a built report (period, usage, cost, peak demand, coverage), and what
 * the report says it could not include, in the same words as its cover and its manifest.
 */
export function ReportFigures({
  summary,
  className,
}: {
  summary: ReportSummary | null;
  className?: string;
}) {
  const figures = reportFigures(summary);
  const missing = summary?.missing ?? [];
  if (figures.length === 0 && missing.length === 0) return null;
  return (
    <div className={cn('grid gap-3', className)}>
      {figures.length > 0 ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-5">
          {figures.map(({ term, value }) => (
            <div key={term} className="min-w-0">
              <dt className="text-slate-500 text-xs">{term}</dt>
              <dd className="mt-0.5 break-words font-medium text-slate-900 text-sm">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {missing.length > 0 ? (
        <section
          aria-label="Not included in this report"
          className="min-w-0 rounded-md border border-amber-200 bg-amber-50 px-3 py-2"
        >
          <h4 className="font-medium text-amber-900 text-xs">Not included in this report</h4>
          <ul className="mt-1 list-disc space-y-0.5 pl-4 text-slate-700 text-xs [overflow-wrap:anywhere]">
            {missing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
