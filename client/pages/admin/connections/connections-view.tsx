import type { Connection } from '@common/connections.ts';
import { Cable } from 'lucide-react';
import { useState } from 'react';
import { PagedResults } from '@/components/list/paged-results.tsx';
import { EmptyState } from '@/components/query-states.tsx';
import { useListParams } from '@/lib/use-list-params.ts';
import { ConnectionDetailDialog } from './connection-detail-dialog.tsx';
import { ConnectionFilters } from './connection-filters.tsx';
import { ConnectionsTable } from './connections-table.tsx';
import { EditConnectionDialog } from './edit-connection-dialog.tsx';
import { EMPTY_LIST_PARAMS, hasFilters, readListParams, writeListParams } from './list-params.ts';
import { useConnections } from './use-connections.ts';

/** Connection Management: search, filters, the table, pages, edit and view. */
export default function ConnectionsView() {
  const [list, change] = useListParams(readListParams, writeListParams);
  const connections = useConnections(list);
  const [editing, setEditing] = useState<Connection | null>(null);
  const [viewing, setViewing] = useState<Connection | null>(null);

  return (
    <div className="grid gap-6">
      <p className="max-w-prose text-slate-600 text-sm">
        Every customer submission, newest first. Search by customer, account, user or provider; open
        one to edit its figures and files or to see its details and interval data.
      </p>
      <ConnectionFilters list={list} onChange={change} />

      <PagedResults
        query={connections}
        noun="connections"
        onPage={(page) => change({ page })}
        narrowed={hasFilters(list)}
        onClear={() => change(EMPTY_LIST_PARAMS)}
        empty={
          <EmptyState
            icon={<Cable className="size-10 text-slate-400" aria-hidden="true" />}
            title="No connections yet"
          >
            <p className="text-slate-600 text-sm">
              A connection appears here when a customer submits a form link.
            </p>
          </EmptyState>
        }
      >
        {(data) => (
          <ConnectionsTable connections={data.items} onEdit={setEditing} onView={setViewing} />
        )}
      </PagedResults>

      <EditConnectionDialog connection={editing} onClose={() => setEditing(null)} />
      <ConnectionDetailDialog connection={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
