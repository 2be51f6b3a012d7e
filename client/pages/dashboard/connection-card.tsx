import type { Connection } from '@common/connections.ts';
import { Download, FileText, Sheet } from 'lucide-react';
import type { ReactNode } from 'react';
import { CredentialsBadge, StatusBadge } from '@/components/connection-badges.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  credentialsState,
  formatDate,
  formatMegabytes,
  formatPeriod,
} from '@/lib/connection-display.ts';
import { formatKwh, formatUsd } from '@/lib/format.ts';
import { cn } from '@/lib/utils.ts';

function Detail({
  term,
  wide = false,
  children,
}: {
  term: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cn('min-w-0', wide && 'sm:col-span-full')}>
      <dt className="text-slate-500 text-xs">{term}</dt>
      <dd className="mt-0.5 break-words text-slate-900 text-sm">{children}</dd>
    </div>
  );
}

/** One of the user's connections; `onGenerateReport` only when a report cannot be paid yet. */
export function ConnectionCard({
  connection,
  onGenerateReport,
}: {
  connection: Connection;
  onGenerateReport?: () => void;
}) {
  const credentials = credentialsState(connection);
  const period = formatPeriod(connection.startDate, connection.endDate);
  const titleId = `connection-${connection.id}-title`;

  return (
    <article
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="break-words font-semibold text-slate-900">
            {connection.customerName}
          </h3>
          <p className="break-all text-slate-600 text-sm">{connection.customerEmail}</p>
        </div>
        <StatusBadge status={connection.status} />
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Detail term="Provider">
          {connection.provider.name} ({connection.provider.state})
        </Detail>
        <Detail term="Credentials">
          <span className="flex flex-wrap items-center gap-2">
            <CredentialsBadge label={credentials.label} tone={credentials.tone} />
            {credentials.detail && (
              <span className="text-slate-600 text-xs">{credentials.detail}</span>
            )}
          </span>
        </Detail>
        <Detail term="Submitted">{formatDate(connection.createdAt)}</Detail>
        {connection.accountNumber && <Detail term="Account">{connection.accountNumber}</Detail>}
        {period && <Detail term="Period">{period}</Detail>}
        {connection.usage !== null && <Detail term="Usage">{formatKwh(connection.usage)}</Detail>}
        {connection.cost !== null && (
          <Detail term="Cost">{formatUsd(Math.round(connection.cost * 100))}</Detail>
        )}
        {connection.customerNotes && (
          <Detail term="Customer notes" wide>
            {connection.customerNotes}
          </Detail>
        )}
        {connection.notes && (
          <Detail term="Notes" wide>
            {connection.notes}
          </Detail>
        )}
      </dl>
      {connection.files.length > 0 && (
        <div className="mt-4">
          <h4 className="text-slate-500 text-xs">Files</h4>
          <ul
            className="mt-1 grid grid-cols-1 gap-1"
            aria-label={`Files of ${connection.customerName}`}
          >
            {connection.files.map((file) => {
              const Icon = file.fileType === 'pdf' ? FileText : Sheet;
              return (
                <li key={file.id} className="flex items-center gap-2 text-sm">
                  <Icon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate" title={file.fileName}>
                    {file.fileName}
                  </span>
                  <span className="shrink-0 text-slate-500 text-xs">
                    {formatMegabytes(file.fileSize)}
                  </span>
                  <a
                    href={file.fileUrl}
                    download={file.fileName}
                    aria-label={`Download ${file.fileName}`}
                    className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 font-medium text-blue-600 hover:bg-blue-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                  >
                    <Download className="size-4" aria-hidden="true" />
                    <span className="hidden sm:inline">Download</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {onGenerateReport && (
        <div className="mt-4 flex justify-end">
          <Button size="sm" onClick={onGenerateReport}>
            <FileText aria-hidden="true" />
            Generate Report
          </Button>
        </div>
      )}
    </article>
  );
}
