import type { Connection } from '@common/connections.ts';
import { RECENT_CONNECTIONS_SHOWN } from '@common/constants.ts';
import { Clock } from 'lucide-react';
import { StatusBadge } from '@/components/connection-badges.tsx';
import { FormLinkCard } from '@/components/form-link-card.tsx';
import { QueryView } from '@/components/query-states.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { CardContent } from '@/components/ui/card.tsx';
import { formatDate } from '@/lib/connection-display.ts';
import { useMyConnections } from '../connections/use-my-connections.ts';

function RecentSubmissions({ connections }: { connections: Connection[] }) {
  // The list comes newest first.
  const recent = connections.slice(0, RECENT_CONNECTIONS_SHOWN);
  if (recent.length === 0) {
    return <p className="text-slate-600 text-sm">No submissions yet.</p>;
  }
  return (
    <ul className="divide-y divide-slate-200" aria-label="Recent submissions">
      {recent.map((connection) => (
        <li key={connection.id} className="flex items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{connection.customerName}</p>
            <p className="truncate text-slate-600 text-sm">
              {connection.provider.name} · {formatDate(connection.createdAt)}
            </p>
          </div>
          <StatusBadge status={connection.status} />
        </li>
      ))}
    </ul>
  );
}

/** The user's own form link with its sharing actions, and the latest submissions through it. */
export function CustomerLinksTab({ uniqueFormUrl }: { uniqueFormUrl: string }) {
  const connections = useMyConnections();
  return (
    <div className="grid grid-cols-1 gap-6">
      <FormLinkCard uniqueFormUrl={uniqueFormUrl} />
      <TitledCard
        icon={Clock}
        title="Recent Submissions"
        description="The latest customers who used your link."
      >
        <CardContent>
          <QueryView
            query={connections}
            loading="Loading submissions..."
            failed="Recent submissions could not be loaded"
          >
            {(data) => <RecentSubmissions connections={data} />}
          </QueryView>
        </CardContent>
      </TitledCard>
    </div>
  );
}
