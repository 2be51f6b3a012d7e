import { SAMPLE_REPORT } from '@common/sample-report.ts';
import { Download, FileSpreadsheet, FileText } from 'lucide-react';
import { DialogCancel, DialogFooter, ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatCalendarDate, formatFileSize, formatKwh, formatUsd } from '@/lib/format.ts';

const SAMPLE_DOWNLOAD_ALERT = 'Sign up to download full reports!';

const report = SAMPLE_REPORT;

const ACCOUNT_FIELDS: Array<[label: string, value: string]> = [
  ['Account Name', report.accountName],
  ['Account Number', report.accountNumber],
  ['Utility Provider', report.utilityProvider],
  ['Service State', report.serviceState],
  ['Service Address', report.serviceAddress],
  ['Billing Period Start', formatCalendarDate(report.billingPeriodStart)],
  ['Billing Period End', formatCalendarDate(report.billingPeriodEnd)],
];

export default function SampleReportDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      className="max-w-2xl"
      title="Sample Utility Report"
      description="An illustrative report for one account over a one-month billing period."
    >
      <section aria-labelledby="sample-account">
        <h3 id="sample-account" className="font-semibold text-slate-900">
          Account Information
        </h3>
        <dl className="mt-3 grid gap-x-6 gap-y-3 rounded-lg bg-slate-50 p-4 text-sm sm:grid-cols-2">
          {ACCOUNT_FIELDS.map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-500">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="sample-summary">
        <h3 id="sample-summary" className="font-semibold text-slate-900">
          Usage &amp; Billing Summary
        </h3>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <div className="rounded-lg bg-blue-50 p-4">
            <p className="text-slate-600 text-sm">Total Usage (1 month)</p>
            <p className="font-bold text-2xl text-blue-700">{formatKwh(report.usageKwh)}</p>
          </div>
          <div className="rounded-lg bg-emerald-50 p-4">
            <p className="text-slate-600 text-sm">Total Cost (1 month)</p>
            <p className="font-bold text-2xl text-emerald-700">{formatUsd(report.costCents)}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="sample-files">
        <h3 id="sample-files" className="font-semibold text-slate-900">
          Supporting Files ({report.files.length})
        </h3>
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {report.files.map((file) => {
            const Icon = file.fileType === 'pdf' ? FileText : FileSpreadsheet;
            return (
              <li key={file.fileName} className="flex items-center gap-3 p-3 text-sm">
                <Icon
                  className={
                    file.fileType === 'pdf' ? 'size-5 text-red-600' : 'size-5 text-emerald-600'
                  }
                  aria-hidden="true"
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{file.fileName}</p>
                  <p className="text-slate-500">{file.description}</p>
                </div>
                <span className="shrink-0 text-right text-slate-500 text-xs">
                  <span className="block font-semibold uppercase">{file.fileType}</span>
                  {formatFileSize(file.fileSize)}
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      <DialogFooter>
        <DialogCancel label="Close" />
        <Button onClick={() => window.alert(SAMPLE_DOWNLOAD_ALERT)}>
          <Download aria-hidden="true" />
          Download Sample
        </Button>
      </DialogFooter>
    </ModalDialog>
  );
}
