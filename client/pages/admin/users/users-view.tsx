import type { UserActionResult, UserListItem } from '@common/users.ts';
import { ChevronLeft, ChevronRight, Search, SearchX, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, LoadFailed } from '@/components/query-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { cn } from '@/lib/utils.ts';
import { AddUserDialog } from './add-user-dialog.tsx';
import { LinkOnceDialog } from './link-once-dialog.tsx';
import { useSendLink, useSetActive, useUpdateUser, useUsers } from './use-users.ts';
import { rangeText } from './user-display.ts';
import type { UserAction } from './user-row-menu.tsx';
import { UsersTable } from './users-table.tsx';

/** User Management (SPEC section 2): All Users (n), Add User, and each row's menu. */
export default function UsersView() {
  const { user: self } = useAuth();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [page, setPage] = useState(1);
  const users = useUsers(search, page);
  const [adding, setAdding] = useState(false);
  const [handover, setHandover] = useState<UserActionResult | null>(null);
  const [deactivating, setDeactivating] = useState<UserListItem | null>(null);
  const sendLink = useSendLink();
  const updateUser = useUpdateUser();
  const setActive = useSetActive();

  function act(action: UserAction, user: UserListItem) {
    switch (action) {
      case 'reset-password':
      case 'send-credentials':
        return sendLink.mutate(
          { user, kind: action },
          { onSuccess: (result) => result.link && setHandover(result) },
        );
      case 'make-admin':
        return updateUser.mutate({ user, change: { role: 'admin' } });
      case 'make-user':
        return updateUser.mutate({ user, change: { role: 'user' } });
      case 'deactivate':
        return setDeactivating(user);
      case 'reactivate':
        return setActive.mutate({ user, active: true });
    }
  }

  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="font-semibold text-lg text-slate-900">
            All Users ({data?.allUsers ?? '…'})
          </h2>
          <p className="max-w-prose text-slate-600 text-sm">
            Accounts, their plans and when they last signed in. New users choose their own password
            through a one-time link.
          </p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <UserPlus aria-hidden="true" />
          Add User
        </Button>
      </div>

      <div className="relative max-w-md">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search users"
          placeholder="Search by username or email"
          value={searchText}
          maxLength={100}
          onChange={(event) => {
            setSearchText(event.target.value);
            setPage(1);
          }}
          className="pl-9"
        />
      </div>

      {users.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading users..." />
        </div>
      ) : users.isError && !data ? (
        <LoadFailed
          prominent
          title="Failed to load users"
          message={users.error.message}
          onRetry={() => users.refetch()}
        />
      ) : data && data.users.length > 0 ? (
        <div
          className={cn('grid gap-4 transition-opacity', users.isPlaceholderData && 'opacity-60')}
          aria-busy={users.isFetching}
        >
          <UsersTable users={data.users} selfId={self?.id} onAction={act} />
          <nav
            aria-label="Pagination"
            className="flex flex-col items-center justify-between gap-3 sm:flex-row"
          >
            <p className="text-slate-600 text-sm" aria-live="polite">
              {rangeText(data.page, data.pageSize, data.users.length, data.total)}
            </p>
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={data.page <= 1}
                onClick={() => setPage(data.page - 1)}
              >
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <span className="text-slate-600 text-sm">
                Page {data.page} of {pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={data.page >= pages}
                onClick={() => setPage(data.page + 1)}
              >
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </nav>
        </div>
      ) : (
        <EmptyState
          icon={<SearchX className="size-10 text-slate-400" aria-hidden="true" />}
          title={search ? 'No users match this search' : 'No users on this page'}
        >
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setSearchText('');
              setPage(1);
            }}
          >
            Show all users
          </Button>
        </EmptyState>
      )}

      <AddUserDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(result) => {
          setAdding(false);
          if (result.link) setHandover(result);
        }}
      />
      <LinkOnceDialog result={handover} onClose={() => setHandover(null)} />
      <Dialog
        open={deactivating !== null}
        onOpenChange={(open) => !open && !setActive.isPending && setDeactivating(null)}
      >
        <DialogContent role="alertdialog" className="max-w-md">
          <DialogHeader>
            <DialogTitle>Deactivate User</DialogTitle>
            <DialogDescription>
              Deactivate {deactivating?.username}? They are signed out everywhere at once, cannot
              sign in, and their customer form link stops working.
            </DialogDescription>
          </DialogHeader>
          <p className="text-slate-600 text-sm">
            Their connections, files and reports are kept; you can reactivate the account later.
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={setActive.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={setActive.isPending}
              onClick={() =>
                deactivating &&
                setActive.mutate(
                  { user: deactivating, active: false },
                  { onSettled: () => setDeactivating(null) },
                )
              }
            >
              {setActive.isPending ? 'Deactivating...' : 'Deactivate User'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
