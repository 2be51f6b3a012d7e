import type { UserListItem } from '@common/users.ts';
import {
  KeyRound,
  MailPlus,
  MoreHorizontal,
  ShieldCheck,
  ShieldOff,
  Trash2,
  UserCheck,
  UserX,
} from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { rowActions } from './user-display.ts';

export type UserAction =
  | 'reset-password'
  | 'send-credentials'
  | 'make-admin'
  | 'make-user'
  | 'deactivate'
  | 'reactivate'
  | 'delete';

/** A row's menu: Reset Password, Send Credentials, roles, Deactivate or Reactivate, Delete. */
export function UserRowMenu({
  user,
  selfId,
  onAction,
}: {
  user: UserListItem;
  selfId: number | undefined;
  onAction: (action: UserAction, user: UserListItem) => void;
}) {
  const can = rowActions(user, selfId);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Actions for ${user.username}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem
          disabled={!can.canSendLinks}
          onSelect={() => onAction('reset-password', user)}
        >
          <KeyRound aria-hidden="true" />
          Reset Password
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={!can.canSendLinks}
          onSelect={() => onAction('send-credentials', user)}
        >
          <MailPlus aria-hidden="true" />
          Send Credentials
        </DropdownMenuItem>
        {can.canChangeRole &&
          (user.role === 'admin' ? (
            <DropdownMenuItem onSelect={() => onAction('make-user', user)}>
              <ShieldOff aria-hidden="true" />
              Make User
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => onAction('make-admin', user)}>
              <ShieldCheck aria-hidden="true" />
              Make Admin
            </DropdownMenuItem>
          ))}
        {(can.canDeactivate || can.canReactivate || can.canDelete) && <DropdownMenuSeparator />}
        {can.canDeactivate && (
          <DropdownMenuItem destructive onSelect={() => onAction('deactivate', user)}>
            <UserX aria-hidden="true" />
            Deactivate User
          </DropdownMenuItem>
        )}
        {can.canReactivate && (
          <DropdownMenuItem onSelect={() => onAction('reactivate', user)}>
            <UserCheck aria-hidden="true" />
            Reactivate User
          </DropdownMenuItem>
        )}
        {can.canDelete && (
          <DropdownMenuItem destructive onSelect={() => onAction('delete', user)}>
            <Trash2 aria-hidden="true" />
            Delete User
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
