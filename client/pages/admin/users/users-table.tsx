import { planTypeLabel } from '@common/plans.ts';
import type { UserListItem } from '@common/users.ts';
import { ACTIONS_CELL, DataTable } from '@/components/list/data-table.tsx';
import { cn } from '@/lib/utils.ts';
import { formatWhen, ROLE_LABELS } from './user-display.ts';
import { type UserAction, UserRowMenu } from './user-row-menu.tsx';

function Pill({ tone, children }: { tone: 'green' | 'grey' | 'blue' | 'red'; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs',
        tone === 'green' && 'bg-emerald-100 text-emerald-800',
        tone === 'grey' && 'bg-slate-100 text-slate-700',
        tone === 'blue' && 'bg-blue-100 text-blue-800',
        tone === 'red' && 'bg-red-100 text-red-800',
      )}
    >
      {children}
    </span>
  );
}

const COLUMNS = [
  'User',
  'Role',
  'Plan',
  'Payment Method',
  'Created',
  'Last Sign-in',
  'Status',
] as const;

/** The All Users list: one row per account, its menu in a column that stays in view. */
export function UsersTable({
  users,
  selfId,
  onAction,
}: {
  users: UserListItem[];
  selfId: number | undefined;
  onAction: (action: UserAction, user: UserListItem) => void;
}) {
  return (
    <DataTable caption="Users" columns={COLUMNS} className="min-w-[56rem]">
      {users.map((user) => (
        <tr key={user.id} className={cn('align-top', !user.isActive && 'bg-slate-50/60')}>
          <td className="min-w-44 max-w-64 px-3 py-3">
            <p className="break-words font-medium text-slate-900">
              {user.username}
              {user.id === selfId && <span className="font-normal text-slate-500"> (you)</span>}
            </p>
            <p className="truncate text-slate-600" title={user.email ?? undefined}>
              {user.email ?? <span className="text-slate-500">No email</span>}
            </p>
          </td>
          <td className="px-3 py-3">
            <Pill tone={user.role === 'admin' ? 'blue' : 'grey'}>{ROLE_LABELS[user.role]}</Pill>
          </td>
          <td className="whitespace-nowrap px-3 py-3 text-slate-700">
            {planTypeLabel(user.planType)}
          </td>
          <td className="px-3 py-3 text-slate-700">{user.hasPaymentMethod ? 'Yes' : 'No'}</td>
          <td className="whitespace-nowrap px-3 py-3 text-slate-700">
            {formatWhen(user.createdAt)}
          </td>
          <td className="whitespace-nowrap px-3 py-3 text-slate-700">
            {formatWhen(user.lastSignInAt)}
          </td>
          <td className="px-3 py-3">
            {user.isActive ? <Pill tone="green">Active</Pill> : <Pill tone="red">Deactivated</Pill>}
          </td>
          <td className={cn(ACTIONS_CELL, 'py-2 text-right')}>
            <UserRowMenu user={user} selfId={selfId} onAction={onAction} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
