import { confirmsUsername, type UserActionResult, type UserListItem } from '@common/users.ts';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog.tsx';
import { PagedResults } from '@/components/list/paged-results.tsx';
import { SearchBox } from '@/components/list/search-box.tsx';
import { TypedConfirmDialog } from '@/components/typed-confirm-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { AddUserDialog } from './add-user-dialog.tsx';
import { LinkOnceDialog } from './link-once-dialog.tsx';
import { useDeleteUser, useSendLink, useSetActive, useUpdateUser, useUsers } from './use-users.ts';
import type { UserAction } from './user-row-menu.tsx';
import { UsersTable } from './users-table.tsx';

/** User Management: All Users (n), Add User, and each row's menu. */
export default function UsersView() {
  const { user: self } = useAuth();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const users = useUsers(search, page);
  const [adding, setAdding] = useState(false);
  const [handover, setHandover] = useState<UserActionResult | null>(null);
  const [deactivating, setDeactivating] = useState<UserListItem | null>(null);
  const [deleting, setDeleting] = useState<UserListItem | null>(null);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  const deleteUser = useDeleteUser();
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
      case 'delete':
        setDeleteProblem(null);
        return setDeleting(user);
    }
  }

  const data = users.data;
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

      <SearchBox
        label="Search users"
        hideLabel
        value={search}
        placeholder="Search by username or email"
        maxLength={100}
        className="max-w-md"
        onSearch={(text) => {
          setSearch(text.trim());
          setPage(1);
        }}
      />

      <PagedResults
        query={users}
        noun="users"
        onPage={setPage}
        narrowed={search !== ''}
        onClear={() => {
          setSearch('');
          setPage(1);
        }}
        empty={<p className="py-6 text-center text-slate-600 text-sm">No users yet.</p>}
      >
        {(data) => <UsersTable users={data.items} selfId={self?.id} onAction={act} />}
      </PagedResults>

      <AddUserDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(result) => {
          setAdding(false);
          if (result.link) setHandover(result);
        }}
      />
      <LinkOnceDialog result={handover} onClose={() => setHandover(null)} />
      <ConfirmDeleteDialog
        open={deactivating !== null}
        title="Deactivate User"
        question={`Deactivate ${deactivating?.username}? They are signed out everywhere at once, cannot sign in, and their customer form link stops working.`}
        note="Their connections, files and reports are kept; you can reactivate the account later."
        confirmLabel="Deactivate User"
        pendingLabel="Deactivating..."
        pending={setActive.isPending}
        onConfirm={() =>
          deactivating &&
          setActive.mutate(
            { user: deactivating, active: false },
            { onSettled: () => setDeactivating(null) },
          )
        }
        onClose={() => setDeactivating(null)}
      />
      <TypedConfirmDialog
        open={deleting !== null}
        title="Delete User"
        question={`Delete ${deleting?.username} and all their data? They are signed out everywhere at once. This cannot be undone.`}
        field={{ label: `Type ${deleting?.username ?? 'the username'} to confirm` }}
        ready={(typed) => deleting !== null && confirmsUsername(typed, deleting.username)}
        confirmLabel="Delete User"
        pendingLabel="Deleting..."
        pending={deleteUser.isPending}
        problem={deleteProblem}
        onConfirm={(username) =>
          deleting &&
          deleteUser.mutate(
            { user: deleting, username },
            {
              onSuccess: () => setDeleting(null),
              onError: (error) => setDeleteProblem(error.message),
            },
          )
        }
        onClose={() => setDeleting(null)}
      >
        <p className="text-slate-600 text-sm">
          Their connections, customers’ logins, files, reports, API keys and webhooks are removed,
          and they are emailed that their account was deleted. Their payment records are kept
          without their name.
        </p>
      </TypedConfirmDialog>
    </div>
  );
}
