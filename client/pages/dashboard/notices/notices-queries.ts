import type { MarkNoticesRead, NoticePage, NotificationSettings } from '@common/notices.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api.ts';

/** GET /api/user/notices: the first page, newest first, with the unread count. */
const NOTICES_QUERY_KEY = ['/api/user/notices'] as const;

export function useNotices() {
  return useQuery<NoticePage>({ queryKey: NOTICES_QUERY_KEY, refetchInterval: 60_000 });
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
