import type { UsageRecord } from '@common/billing.ts';
import type { Connection } from '@common/connections.ts';
import { Inbox } from 'lucide-react';
import { QueryView } from '@/components/query-states.tsx';
import { RefreshButton } from '@/components/refresh-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConnectionCard } from './connection-card.tsx';
import { useMyConnections } from './use-my-connections.ts';
import { useMyReports } from './use-my-reports.ts';

/**
 * The user's connections, each with Generate Report, or "Report requested" when it has an open
 * request (`openRequests`, by connection id).
 */
export function MyConnectionsTab({
  openRequests,
  onGenerateReport,
  onConfirmPayment,
  onShowLinks,
}: {
  openRequests: ReadonlyMap<number, UsageRecord>;
  onGenerateReport: (connection: Connection) => void;
  onConfirmPayment: (connection: Connection) => void;
  onShowLinks: () => void;
}) {
  const connections = useMyConnections();
  const reports = useMyReports();

  return (
    <QueryView
      query={connections}
      loading="Loading connections..."
      failed="Your connections could not be loaded"
    >
      {(data) =>
        data.length === 0 ? (
          <NoConnections onShowLinks={onShowLinks} />
        ) : (
          <section aria-labelledby="my-connections-heading" className="grid grid-cols-1 gap-4">
            <div className="flex items-center justify-between gap-2">
              <h2 id="my-connections-heading" className="font-semibold text-lg text-slate-900">
                My Connections ({data.length})
              </h2>
              <RefreshButton query={connections} />
            </div>
            <ul className="grid grid-cols-1 gap-4" aria-label="Connections">
              {data.map((connection) => (
                <li key={connection.id}>
                  <ConnectionCard
                    connection={connection}
                    reportRequest={openRequests.get(connection.id)}
                    report={reports.get(connection.id)}
                    onGenerateReport={() => onGenerateReport(connection)}
                    onConfirmPayment={() => onConfirmPayment(connection)}
                  />
                </li>
              ))}
            </ul>
          </section>
        )
      }
    </QueryView>
  );
}

function NoConnections({ onShowLinks }: { onShowLinks: () => void }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-slate-300 border-dashed bg-white px-6 py-12 text-center">
      <Inbox className="size-10 text-slate-400" aria-hidden="true" />
      <h2 className="font-semibold text-lg text-slate-900">No connections yet</h2>
      <p className="max-w-md text-slate-600 text-sm">
        Connections appear here when your customers submit their utility account through your
        customer form link. Share it from the Customer Links tab.
      </p>
      <Button onClick={onShowLinks}>Go to Customer Links</Button>
    </div>
  );
}
