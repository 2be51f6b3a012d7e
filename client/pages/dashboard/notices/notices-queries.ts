import type { MarkNoticesRead, NoticePage, NotificationSettings } from '@common/notices.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api.ts';

/** GET /api/user/notices: a page of them, newest first, with the unread count. */
const NOTICES_QUERY_KEY = ['/api/user/notices'] as const;

export const noticesQueryKey = (page: number) => [...NOTICES_QUERY_KEY, page] as const;

export function useNotices(page: number) {
  return useQuery<NoticePage>({
    queryKey: noticesQueryKey(page),
    queryFn: () => apiRequest<NoticePage>('GET', `/api/user/notices?page=${page}`),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/user/notices/read: the list is read again to show what changed. */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkNoticesRead) =>
      apiRequest<{ unread: number }>('POST', '/api/user/notices/read', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY }),
  });
}

/** GET/PUT /api/user/notifications: which kinds of notice also come by email. */
const SETTINGS_QUERY_KEY = ['/api/user/notifications'] as const;

export function useNotificationSettings() {
  return useQuery<NotificationSettings>({ queryKey: SETTINGS_QUERY_KEY });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) =>
      apiRequest<NotificationSettings>('PUT', '/api/user/notifications', body),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_QUERY_KEY, saved),
  });
}
