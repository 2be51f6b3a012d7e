import type { Connection } from '@common/connections.ts';
import type { ReactNode } from 'react';
import { StatusBadge } from '@/components/connection-badges.tsx';
import { ConnectionTimelineSection } from '@/components/connection-timeline.tsx';
import { canSendFixLink, SendFixLinkButton } from '@/components/send-fix-link-button.tsx';
import {
  formatCost,
  formatDateRange,
  formatTimestamp,
  formatUsage,
} from '@/lib/connection-display.ts';
import { ConnectionDialog, type ConnectionDialogProps } from './connection-dialog.tsx';
import { ConnectionFiles } from './connection-files.tsx';
import { CredentialsSection } from './credentials-section.tsx';
import { IntervalSection } from './interval-section.tsx';
import { PaidRequestsSection } from './paid-requests-section.tsx';
import { RetrievalSection } from './retrieval-section.tsx';
import { useConnection } from './use-connections.ts';

/**
 * "Connection Details": every field, files, credentials, interval data. Its text may wrap
 * anywhere: a customer's name, a file name, a portal URL, an import error or a note on how a
 * file was read can be one long word, and it wraps rather than widen the dialog.
 */
export function ConnectionDetailDialog(props: ConnectionDialogProps) {
  return (
    <ConnectionDialog
      {...props}
      title="Connection Details"
      className="max-w-4xl [overflow-wrap:anywhere]"
    >
      {(shown) => <ConnectionDetail shown={shown} />}
    </ConnectionDialog>
  );
}

function ConnectionDetail({ shown }: { shown: Connection }) {
  const connection = useConnection(shown.id, shown).data ?? shown;
  // One column that never grows past the dialog.
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-600 text-sm">
        <StatusBadge status={connection.status} />
        <span>Submitted {formatTimestamp(connection.createdAt)}</span>
        <span>Updated {formatTimestamp(connection.updatedAt)}</span>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <Section title="Customer">
          <Details
            items={[
              ['Name', connection.customerName],
              ['Email', connection.customerEmail],
              ['Phone', connection.customerPhone],
              ['Service Address', connection.serviceAddress],
              ['Consent Given', connection.consentAt && formatTimestamp(connection.consentAt)],
              ['Customer Notes', connection.customerNotes],
            ]}
          />
        </Section>
        <Section title="Account">
          <Details
            items={[
              ['Provider', `${connection.provider.name} (${connection.provider.state})`],
              ['Account Name', connection.accountName],
              ['Account Number', connection.accountNumber],
              ['User', connection.user.username],
              ['Date Range', formatDateRange(connection.startDate, connection.endDate)],
              ['Usage', formatUsage(connection.usage)],
              ['Cost', formatCost(connection.cost)],
              ['Admin Notes', connection.notes],
            ]}
          />
        </Section>
      </div>
      <PaidRequestsSection connectionId={connection.id} />
      <CredentialsSection connection={connection} />
      {canSendFixLink(connection) ? (
        <div className="flex justify-end">
          <SendFixLinkButton connection={connection} />
        </div>
      ) : null}
      <RetrievalSection connection={connection} />
      <ConnectionFiles connectionId={connection.id} />
      <IntervalSection connectionId={connection.id} />
      <ConnectionTimelineSection connectionId={connection.id} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid min-w-0 content-start gap-3">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** Label and value pairs; a missing value says so rather than leaving a hole. */
function Details({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,1fr)] gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="min-w-0 whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">
            {value === null || value === undefined || value === '' ? (
              <span className="text-slate-500">Not set</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
