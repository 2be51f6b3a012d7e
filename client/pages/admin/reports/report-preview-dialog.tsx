import type { ReportVersion } from '@common/reports.ts';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { ReportDownloadLinks } from '@/components/report-downloads.tsx';

/**
 * Preview Report: the report's own HTML in a frame that may run nothing
 * (`sandbox=""`; the server also sends it with a sandboxing CSP), with the downloads at hand.
 */
export function ReportPreviewDialog({
  report,
  title,
  onClose,
}: {
  report: ReportVersion | null;
  title: string;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={report !== null}
      onClose={onClose}
      className="flex h-[92dvh] min-w-0 max-w-6xl flex-col gap-3 [overflow-wrap:anywhere] sm:max-w-6xl"
      title="Preview Report"
      description={
        // An account's name can be one long word; it wraps rather than widen the dialog.
        <span className="[overflow-wrap:anywhere]">
          {title}
          {report ? ` · report #${report.id}, version ${report.version}` : ''}
        </span>
      }
    >
      <div className="flex min-w-0 flex-wrap gap-2">
        <ReportDownloadLinks version={report} />
      </div>
      {report?.previewUrl ? (
        <iframe
          title={`Report #${report.id}`}
          src={report.previewUrl}
          sandbox=""
          referrerPolicy="no-referrer"
          className="min-h-0 w-full min-w-0 flex-1 rounded-md border border-slate-200 bg-white"
        />
      ) : null}
    </ModalDialog>
  );
}
