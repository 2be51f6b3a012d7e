import type { Connection } from '@common/connections.ts';
import { Cable, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { EmptyState, LoadFailed } from '@/components/query-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/utils.ts';
import { ConnectionDetailDialog } from './connection-detail-dialog.tsx';
import { type ChangeList, ConnectionFilters } from './connection-filters.tsx';
import { ConnectionsTable } from './connections-table.tsx';
import { EditConnectionDialog } from './edit-connection-dialog.tsx';
import { EMPTY_LIST_PARAMS, hasFilters, readListParams, writeListParams } from './list-params.ts';
import { Pagination } from './pagination.tsx';
import { useConnections } from './use-connections.ts';

/** Connection Management (SPEC section 2): search, filters, the table, pages, edit and view. */
export default function ConnectionsView() {
  const [params, setParams] = useSearchParams();
  const list = readListParams(params);
  const connections = useConnections(list);
  const [editing, setEditing] = useState<Connection | null>(null);
  const [viewing, setViewing] = useState<Connection | null>(null);

  const change: ChangeList = (patch, options) =>
    setParams((previous) => writeListParams(previous, { ...readListParams(previous), ...patch }), {
      replace: options?.replace,
    });

  const data = connections.data;
  return (
    <div className="grid gap-6">
      <p className="max-w-prose text-slate-600 text-sm">
        Every customer submission, newest first. Search by customer, account, user or provider; open
        one to edit its figures and files or to see its details and interval data.
      </p>
      <ConnectionFilters list={list} onChange={change} />

      {connections.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading connections..." />
        </div>
      ) : connections.isError && !data ? (
        <LoadFailed
          prominent
          title="Failed to load connections"
          message={connections.error.message}
          onRetry={() => connections.refetch()}
        />
      ) : data && data.items.length > 0 ? (
        <div
          className={cn(
            'grid gap-4 transition-opacity',
            connections.isPlaceholderData && 'opacity-60',
          )}
          aria-busy={connections.isFetching}
        >
          <ConnectionsTable connections={data.items} onEdit={setEditing} onView={setViewing} />
          <Pagination data={data} onPage={(page) => change({ page })} />
        </div>
      ) : data && data.total > 0 ? (
        <EmptyState
          icon={<SearchX className="size-10 text-slate-400" aria-hidden="true" />}
          title="This page is empty"
        >
          <Button variant="outline" size="sm" onClick={() => change({ page: 1 })}>
            Go to the first page
          </Button>
        </EmptyState>
      ) : hasFilters(list) ? (
        <EmptyState
          icon={<SearchX className="size-10 text-slate-400" aria-hidden="true" />}
          title="No connections match these filters"
        >
          <Button variant="outline" size="sm" onClick={() => change(EMPTY_LIST_PARAMS)}>
            Clear filters
          </Button>
        </EmptyState>
      ) : (
        <EmptyState
          icon={<Cable className="size-10 text-slate-400" aria-hidden="true" />}
          title="No connections yet"
        >
          <p className="text-slate-600 text-sm">
            A connection appears here when a customer submits a form link.
          </p>
        </EmptyState>
      )}

      <EditConnectionDialog connection={editing} onClose={() => setEditing(null)} />
      <ConnectionDetailDialog connection={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
