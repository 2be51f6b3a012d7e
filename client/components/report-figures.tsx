import type { ReportSummary } from '@common/reports.ts';
import { reportFigures } from '@/lib/report-display.ts';
import { cn } from '@/lib/utils.ts';

/** The headline figures of a built report: period, usage, cost, peak demand, coverage. */
export function ReportFigures({
  summary,
  className,
}: {
  summary: ReportSummary | null;
  className?: string;
}) {
  const figures = reportFigures(summary);
  if (figures.length === 0) return null;
  return (
    <dl className={cn('grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-5', className)}>
      {figures.map(({ term, value }) => (
        <div key={term} className="min-w-0">
          <dt className="text-slate-500 text-xs">{term}</dt>
          <dd className="mt-0.5 break-words font-medium text-slate-900 text-sm">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
