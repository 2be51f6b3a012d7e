import type { UsageRecord } from '@common/billing.ts';
import type { Connection } from '@common/connections.ts';
import type { ReportVersion } from '@common/reports.ts';
import { CircleCheck, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardHeading } from '@/components/card-heading.tsx';
import { CredentialsBadge, StatusBadge } from '@/components/connection-badges.tsx';
import { ConnectionHistory } from '@/components/connection-timeline.tsx';
import { SendFixLinkButton } from '@/components/send-fix-link-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import { credentialsState, formatDate, formatPeriod } from '@/lib/connection-display.ts';
import { formatKwh, formatUsd } from '@/lib/format.ts';
import { cn } from '@/lib/utils.ts';
import { filesUnlocked } from '../reports/report-requests.ts';
import { ConnectionFilesList } from './connection-files-list.tsx';
import { ConnectionGas } from './connection-gas.tsx';
import { ConnectionReport } from './connection-report.tsx';

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

/**
 * One of the user's connections. `reportRequest` is its open (paid or being paid) report
 * request: it replaces the Generate Report button, so a report is never paid for twice.
 */
export function ConnectionCard({
  connection,
  reportRequest,
  report,
  onGenerateReport,
  onConfirmPayment,
}: {
  connection: Connection;
  reportRequest?: UsageRecord;
  /** The newest version of its report, once one was paid for. */
  report?: ReportVersion;
  onGenerateReport?: () => void;
  /** For a request whose charge waits for the cardholder's bank. */
  onConfirmPayment?: () => void;
}) {
  const credentials = credentialsState(connection, 'owner');
  const period = formatPeriod(connection.startDate, connection.endDate);
  const titleId = `connection-${connection.id}-title`;

  return (
    <article
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <CardHeading
          id={titleId}
          title={connection.customerName}
          subtitle={connection.customerEmail}
        />
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
            <SendFixLinkButton connection={connection} />
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
      <ConnectionFilesList
        connection={connection}
        unlocked={filesUnlocked(reportRequest) || report !== undefined}
      />
      <ConnectionGas
        connection={connection}
        unlocked={filesUnlocked(reportRequest) || report !== undefined}
      />
      <ConnectionReport
        connectionId={connection.id}
        report={report ?? null}
        paid={filesUnlocked(reportRequest)}
      />
      <ConnectionHistory connectionId={connection.id} />
      {reportRequest ? (
        <div className="mt-4 flex flex-wrap items-center justify-end gap-2 text-sm">
          {reportRequest.status === 'requested' && (
            <span className="text-slate-600">Charged when the report is ready.</span>
          )}
          {reportRequest.status === 'requires_action' && (
            <>
              <span className="text-amber-800">Your bank asks you to confirm the payment.</span>
              {onConfirmPayment && (
                <Button size="sm" variant="outline" onClick={onConfirmPayment}>
                  Confirm payment
                </Button>
              )}
            </>
          )}
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 font-medium text-emerald-800">
            <CircleCheck className="size-4" aria-hidden="true" />
            Report requested
          </span>
        </div>
      ) : (
        onGenerateReport && (
          <div className="mt-4 flex justify-end">
            <Button size="sm" onClick={onGenerateReport}>
              <FileText aria-hidden="true" />
              Generate Report
            </Button>
          </div>
        )
      )}
    </article>
  );
}
