import type { ReportVersion } from '@common/reports.ts';
import { ReportDownloadLinks } from '@/components/report-downloads.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';

/**
 * Preview Report (SPEC section 2): the report's own HTML in a frame that may run nothing
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
    <Dialog open={report !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="flex h-[92dvh] max-w-6xl flex-col gap-3 sm:max-w-6xl">
        <DialogHeader>
          <DialogTitle>Preview Report</DialogTitle>
          <DialogDescription>
            {title}
            {report ? ` · report #${report.id}, version ${report.version}` : ''}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap gap-2">
          <ReportDownloadLinks version={report} />
        </div>
        {report?.previewUrl ? (
          <iframe
            title={`Report #${report.id}`}
            src={report.previewUrl}
            sandbox=""
            referrerPolicy="no-referrer"
            className="min-h-0 w-full flex-1 rounded-md border border-slate-200 bg-white"
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
