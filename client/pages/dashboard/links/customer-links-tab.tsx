import { RECENT_CONNECTIONS_SHOWN } from '@common/constants.ts';
import { Clock } from 'lucide-react';
import { StatusBadge } from '@/components/connection-badges.tsx';
import { FormLinkCard } from '@/components/form-link-card.tsx';
import { LoadFailed, LoadingBlock } from '@/components/query-states.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card.tsx';
import { formatDate } from '@/lib/connection-display.ts';
import { useMyConnections } from '../connections/use-my-connections.ts';

function RecentSubmissions() {
  const connections = useMyConnections();
  if (connections.isPending) return <LoadingBlock label="Loading submissions..." />;
  if (connections.isError) {
    return (
      <LoadFailed
        title="Recent submissions could not be loaded"
        message={connections.error.message}
        onRetry={() => connections.refetch()}
      />
    );
  }
  // The list comes newest first.
  const recent = connections.data.slice(0, RECENT_CONNECTIONS_SHOWN);
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
  return (
    <div className="grid grid-cols-1 gap-6">
      <FormLinkCard uniqueFormUrl={uniqueFormUrl} />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Clock className="size-5 text-blue-600" aria-hidden="true" />
            Recent Submissions
          </CardTitle>
          <CardDescription>The latest customers who used your link.</CardDescription>
        </CardHeader>
        <CardContent>
          <RecentSubmissions />
        </CardContent>
      </Card>
    </div>
  );
}
