import type { Connection } from '@common/connections.ts';
import { Eye, FileText, Pencil } from 'lucide-react';
import { StatusBadge } from '@/components/connection-badges.tsx';
import { ACTIONS_CELL, DataTable } from '@/components/list/data-table.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatCost, formatDateRange, formatUsage } from '@/lib/connection-display.ts';
import { cn } from '@/lib/utils.ts';
import { ConnectionCredentialsBadge } from './connection-badges.tsx';

const NONE = <span className="text-slate-500">—</span>;

const COLUMNS = [
  'User',
  'Provider',
  'Date Range',
  'Usage',
  'Cost',
  'Files',
  'Credentials',
  'Status',
] as const;

/** One row per connection; the customer shows under the user who owns the connection. */
export function ConnectionsTable({
  connections,
  onEdit,
  onView,
}: {
  connections: Connection[];
  onEdit: (connection: Connection) => void;
  onView: (connection: Connection) => void;
}) {
  return (
    <DataTable caption="Connections" columns={COLUMNS} className="min-w-[60rem]">
      {connections.map((connection) => (
        <tr key={connection.id} className="group align-top">
          <td className="min-w-40 max-w-56 px-3 py-3">
            <p className="break-words font-medium text-slate-900">{connection.user.username}</p>
            <p className="break-words text-slate-600">{connection.customerName}</p>
            <p className="truncate text-slate-500 text-xs" title={connection.customerEmail}>
              {connection.customerEmail}
            </p>
          </td>
          <td className="min-w-32 max-w-48 px-3 py-3">
            <p className="break-words text-slate-900">{connection.provider.name}</p>
            <p className="text-slate-500 text-xs">{connection.provider.state}</p>
          </td>
          <td className="min-w-32 px-3 py-3 text-slate-700">
            {formatDateRange(connection.startDate, connection.endDate) ?? NONE}
          </td>
          <td className="whitespace-nowrap px-3 py-3 text-slate-700 tabular-nums">
            {formatUsage(connection.usage) ?? NONE}
          </td>
          <td className="whitespace-nowrap px-3 py-3 text-slate-700 tabular-nums">
            {formatCost(connection.cost) ?? NONE}
          </td>
          <td className="px-3 py-3 text-slate-700">
            <span className="inline-flex items-center gap-1.5">
              <FileText className="size-4 text-slate-400" aria-hidden="true" />
              {connection.files.length}
            </span>
          </td>
          <td className="px-3 py-3">
            <ConnectionCredentialsBadge connection={connection} />
          </td>
          <td className="px-3 py-3">
            <StatusBadge status={connection.status} />
          </td>
          <td className={cn(ACTIONS_CELL, 'py-3')}>
            <div className="flex justify-end gap-1">
              <Button
                variant="ghost"
                size="icon"
                className="size-9"
                aria-label={`Edit ${connection.customerName}'s connection`}
                title="Edit"
                onClick={() => onEdit(connection)}
              >
                <Pencil aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-9"
                aria-label={`View ${connection.customerName}'s connection`}
                title="View"
                onClick={() => onView(connection)}
              >
                <Eye aria-hidden="true" />
              </Button>
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
