import { SAMPLE_REPORT } from '@common/sample-report.ts';
import { Download, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { DialogCancel, DialogFooter, ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';

/**
 * The sample report itself, as a customer's would be delivered: the server builds it from a
 * year of synthetic data with the real report engine, and the modal frames its HTML (a frame
 * that may run nothing, as the server also says) beside the PDF the same engine printed.
 */
export default function SampleReportDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  // The first visitor after a start waits a second or so while the server builds the sample.
  const [loaded, setLoaded] = useState(false);
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      className="flex h-[92dvh] max-w-5xl flex-col gap-3 sm:max-w-5xl"
      title="Sample Utility Report"
      description={`A complete report from a year of synthetic 15-minute data and two statements for an invented home with rooftop solar in California, prepared by the fictional ${SAMPLE_REPORT.preparedBy}.`}
    >
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <a href={SAMPLE_REPORT.pdfUrl} download={SAMPLE_REPORT.pdfFileName}>
            <Download aria-hidden="true" />
            Download Sample
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={SAMPLE_REPORT.htmlUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Open in a new tab
          </a>
        </Button>
      </div>
      <div className="relative min-h-0 flex-1 rounded-md border border-slate-200 bg-white">
        {loaded ? null : (
          <p className="absolute inset-0 grid place-items-center text-slate-500 text-sm">
            Loading the sample report…
          </p>
        )}
        <iframe
          title="Sample report"
          src={SAMPLE_REPORT.htmlUrl}
          sandbox=""
          referrerPolicy="no-referrer"
          onLoad={() => setLoaded(true)}
          className="relative size-full rounded-md"
        />
      </div>
      <DialogFooter className="items-center gap-3 sm:justify-between">
        <p className="text-slate-600 text-sm">
          This sample is free.{' '}
          <Link href="/auth?tab=register" className="font-medium text-blue-700 underline">
            Sign up to download full reports!
          </Link>
        </p>
        <DialogCancel label="Close" />
      </DialogFooter>
    </ModalDialog>
  );
}
