import { RECENT_CONNECTIONS_SHOWN } from '@common/constants.ts';
import { ArrowRight } from 'lucide-react';
import { StatusBadge } from '@/components/connection-badges.tsx';
import { LinkButton } from '@/components/link-button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDate } from '@/lib/connection-display.ts';
import { adminViewHref, DEFAULT_ADMIN_VIEW } from '../admin-view-param.ts';
import { EMPTY_LIST_PARAMS } from '../connections/list-params.ts';
import { useConnections } from '../connections/use-connections.ts';

/** The latest submissions: owner, provider, date; View All opens the table. */
export function RecentConnections() {
  // The table's first page: the same query, so opening the table shows it at once.
  const connections = useConnections(EMPTY_LIST_PARAMS);
  const recent = connections.data?.items.slice(0, RECENT_CONNECTIONS_SHOWN) ?? [];

  return (
    <Card asChild>
      <section aria-labelledby="recent-connections" className="flex flex-col">
        <CardHeader>
          <CardTitle id="recent-connections">Recent Connections</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-1 flex-col gap-4">
          {connections.isPending ? (
            <Spinner label="Loading connections..." className="size-4" />
          ) : connections.isError ? (
            <p role="alert" className="text-red-700 text-sm">
              Failed to load connections: {connections.error.message}
            </p>
          ) : recent.length === 0 ? (
            <p className="py-6 text-center text-slate-500 text-sm">No recent connections</p>
          ) : (
            <ul aria-label="Recent connections" className="divide-y divide-slate-100">
              {recent.map((connection) => (
                <li key={connection.id} className="flex items-start justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">
                      {connection.user.username}
                    </p>
                    <p className="truncate text-slate-600 text-sm">
                      {connection.provider.name} · {connection.customerName}
                    </p>
                    <p className="text-slate-500 text-xs">
                      <time dateTime={connection.createdAt}>
                        {formatDate(connection.createdAt)}
                      </time>
                    </p>
                  </div>
                  <StatusBadge status={connection.status} />
                </li>
              ))}
            </ul>
          )}
          <LinkButton
            href={adminViewHref('connections', DEFAULT_ADMIN_VIEW)}
            variant="outline"
            className="mt-auto self-start"
          >
            View All Connections
            <ArrowRight aria-hidden="true" />
          </LinkButton>
        </CardContent>
      </section>
    </Card>
  );
}
