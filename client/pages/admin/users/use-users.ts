import type {
  NewUserBody,
  UserActionResult,
  UserList,
  UserListItem,
  UserUpdateBody,
} from '@common/users.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast.ts';
import { apiRequest } from '@/lib/api.ts';
import { showError } from '@/lib/error-toast.ts';

/** Every user query starts with this key, so one invalidation refreshes the list. */
const USERS_QUERY_KEY = ['/api/users'] as const;

/** A page of users as every admin list's pagination reads it (the total is always counted). */
export type UserPage = UserList & { items: UserListItem[]; totalCapped: false };

/** GET /api/users: one page of 20, newest first, searched on the server. */
export function useUsers(search: string, page: number) {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (page > 1) params.set('page', String(page));
  const query = params.size > 0 ? `?${params}` : '';
  return useQuery<UserList, Error, UserPage>({
    queryKey: [...USERS_QUERY_KEY, 'list', query],
    queryFn: () => apiRequest<UserList>('GET', `/api/users${query}`),
    select: (list) => ({ ...list, items: list.users, totalCapped: false }),
    placeholderData: keepPreviousData,
  });
}

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewUserBody) => apiRequest<UserActionResult>('POST', '/api/users', body),
    onSuccess: (result) => {
      toast({ title: 'User Added', description: result.message });
      return queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}

/** Reset Password and Send Credentials: a new one-time link, mailed or handed to the admin. */
export function useSendLink() {
  return useMutation({
    mutationFn: ({
      user,
      kind,
    }: {
      user: UserListItem;
      kind: 'reset-password' | 'send-credentials';
    }) => apiRequest<UserActionResult>('POST', `/api/users/${user.id}/${kind}`),
    onSuccess: (result, { kind }) => {
      toast({
        title: kind === 'reset-password' ? 'Reset Link Sent' : 'Credentials Sent',
        description: result.message,
      });
    },
    onError: showError,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, change }: { user: UserListItem; change: UserUpdateBody }) =>
      apiRequest<UserListItem>('PATCH', `/api/users/${user.id}`, change),
    onSuccess: (updated) => {
      toast({
        title: 'User Updated',
        description: `${updated.username} is now ${updated.role === 'admin' ? 'an administrator' : 'a user'}.`,
      });
      return queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
    onError: showError,
  });
}

export function useSetActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, active }: { user: UserListItem; active: boolean }) =>
      apiRequest<UserListItem>(
        'POST',
        `/api/users/${user.id}/${active ? 'reactivate' : 'deactivate'}`,
      ),
    onSuccess: (updated) => {
      toast(
        updated.isActive
          ? { title: 'User Reactivated', description: `${updated.username} can sign in again.` }
          : {
              title: 'User Deactivated',
              description: `${updated.username} was signed out everywhere and can no longer sign in.`,
            },
      );
      return queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
    onError: showError,
  });
}

/** Delete User: the admin typed the account's username; its data goes in the background. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, username }: { user: UserListItem; username: string }) =>
      apiRequest<{ message: string }>('DELETE', `/api/users/${user.id}`, { username }),
    onSuccess: (answer, { user }) => {
      toast({ title: 'User Deleted', description: `${user.username}: ${answer.message}` });
      return queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}
