import type { OutboxMessage, OutboxPage, OutboxStatus } from '@common/mail.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast.ts';
import { apiRequest } from '@/lib/api.ts';
import { showError } from '@/lib/error-toast.ts';
import { hasPending, OUTBOX_POLL_MS } from './outbox-display.ts';

/** Every outbox query starts with this key; `[key, id]` is one message's URL. */
const OUTBOX_QUERY_KEY = ['/api/admin/outbox'] as const;

/** GET /api/admin/outbox: the newest 20 messages, read again while one is being sent. */
export function useOutbox(status?: OutboxStatus) {
  const query = status ? `?status=${status}` : '';
  return useQuery<OutboxPage>({
    queryKey: [...OUTBOX_QUERY_KEY, 'list', status ?? 'all'],
    queryFn: () => apiRequest<OutboxPage>('GET', `/api/admin/outbox${query}`),
    refetchInterval: (q) => (hasPending(q.state.data?.items) ? OUTBOX_POLL_MS : false),
  });
}

/** GET /api/admin/outbox/:id: one message in full, while its dialog is open. */
export function useOutboxMessage(id: number | null) {
  return useQuery<OutboxMessage>({
    queryKey: [...OUTBOX_QUERY_KEY, id ?? 0],
    enabled: id !== null,
  });
}

/** POST /api/admin/outbox/:id/retry: a failed message is sent again in the background. */
export function useRetryOutboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: { id: number }) =>
      apiRequest<{ message: string }>('POST', `/api/admin/outbox/${message.id}/retry`),
    onSuccess: ({ message }) => {
      toast({ title: 'Retry Queued', description: message });
      return queryClient.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY });
    },
    onError: showError,
  });
}
