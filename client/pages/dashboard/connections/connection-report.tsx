import type { ReportVersion } from '@common/reports.ts';
import { ReportDownloadLinks } from '@/components/report-downloads.tsx';
import { ReportFigures } from '@/components/report-figures.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ownerReportState } from '@/lib/report-display.ts';
import { useDownloadableVersion } from '@/lib/report-queries.ts';

/**
 * The report part of a connection card: being gathered, being built, or ready with its
 * figures and the three downloads. A rebuild in progress never hides a delivered version.
 */
export function ConnectionReport({
  connectionId,
  report,
  paid,
}: {
  connectionId: number;
  report: ReportVersion | null;
  paid: boolean;
}) {
  const shown = useDownloadableVersion(connectionId, report);
  const state = ownerReportState(report, paid);
  if (!state) return null;
  return (
    <section
      aria-label="Report"
      className="mt-4 grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <p className="flex items-center gap-2 font-medium text-slate-800 text-sm">
        {state.busy ? <Spinner className="size-4" /> : null}
        {state.label}
      </p>
      {shown ? (
        <>
          <ReportFigures summary={shown.summary} />
          <div className="flex flex-wrap gap-2">
            <ReportDownloadLinks version={shown} />
          </div>
        </>
      ) : null}
    </section>
  );
}
