import type { WebhookDelivery, WebhookEndpoint, WebhookInput } from '@common/webhooks.ts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/use-toast.ts';
import { apiRequest } from '@/lib/api.ts';
import { showError } from '@/lib/error-toast.ts';
import { DELIVERY_POLL_MS, shouldPoll, type Watched } from './delivery-watch.ts';

/**
 * One hook per endpoint route, for either screen's endpoints: `basePath` is `/api/webhooks`
 * (admins) or `/api/my/webhooks` (a premium user's own); the routes under it are the same.
 * The add and edit form shows its own errors; every other action's failure is a toast.
 */

/** `{basePath}`: a query key's parts joined with '/' are its URL. */
const endpointsKey = (basePath: string) => [basePath] as const;

/** `{basePath}/{id}/deliveries`. */
const deliveriesKey = (basePath: string, endpointId: number) =>
  [basePath, endpointId, 'deliveries'] as const;

/** The endpoint list alone: its summaries (failed count, last delivery) follow the deliveries. */
function refreshList(queryClient: QueryClient, basePath: string) {
  return queryClient.invalidateQueries({ queryKey: endpointsKey(basePath), exact: true });
}

/** Both the endpoint list and the endpoint's deliveries change. */
function refreshEndpoint(queryClient: QueryClient, basePath: string, endpointId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: deliveriesKey(basePath, endpointId) }),
    refreshList(queryClient, basePath),
  ]);
}

export function useWebhooks(basePath: string) {
  return useQuery<WebhookEndpoint[]>({ queryKey: endpointsKey(basePath) });
}

export function useCreateWebhook(basePath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookInput) => apiRequest<WebhookEndpoint>('POST', basePath, body),
    onSuccess: () => {
      toast({ title: 'Webhook Added', description: 'Deliveries start with the next event.' });
      return refreshList(queryClient, basePath);
    },
  });
}

/** Saves an endpoint's settings: the edit form, or Pause/Resume with the rest unchanged. */
export function useUpdateWebhook(basePath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WebhookInput }) =>
      apiRequest<WebhookEndpoint>('PUT', `${basePath}/${id}`, body),
    onSuccess: () => refreshList(queryClient, basePath),
  });
}

export function useDeleteWebhook(basePath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: Pick<WebhookEndpoint, 'id' | 'url'>) =>
      apiRequest<{ message: string }>('DELETE', `${basePath}/${endpoint.id}`),
    onSuccess: (_answer, endpoint) => {
      toast({ title: 'Webhook Deleted', description: `${endpoint.url} gets no more events.` });
      queryClient.removeQueries({ queryKey: deliveriesKey(basePath, endpoint.id) });
      return refreshList(queryClient, basePath);
    },
    onError: showError,
  });
}

/** `{basePath}/{id}/test`: a signed 'ping' delivery, sent in the background. */
export function useSendTestWebhook(basePath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: Pick<WebhookEndpoint, 'id' | 'url'>) =>
      apiRequest<{ message: string }>('POST', `${basePath}/${endpoint.id}/test`),
    onSuccess: (_answer, endpoint) => {
      toast({ title: 'Test Sent', description: `A signed ping is on its way to ${endpoint.url}.` });
      return refreshEndpoint(queryClient, basePath, endpoint.id);
    },
    onError: showError,
  });
}

/** Sends a failed delivery again, as it was (an admin's action). */
export function useRetryDelivery(basePath: string, endpointId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (delivery: Pick<WebhookDelivery, 'id'>) =>
      apiRequest<{ message: string }>('POST', `/api/webhook-deliveries/${delivery.id}/retry`),
    onSuccess: ({ message }) => {
      toast({ title: 'Retry Queued', description: message });
      return refreshEndpoint(queryClient, basePath, endpointId);
    },
    onError: showError,
  });
}

/**
 * The latest 50 deliveries of an endpoint while its panel is open. Deliveries are sent in the
 * background, so the list is read again every few seconds while one is on its way (pending,
 * or a retry not yet attempted), and otherwise only on Refresh.
 */
export function useDeliveries(basePath: string, endpointId: number, watched: Watched | null) {
  const queryClient = useQueryClient();
  const deliveries = useQuery<WebhookDelivery[]>({
    queryKey: deliveriesKey(basePath, endpointId),
    refetchInterval: (query) =>
      shouldPoll(query.state.data, watched, Date.now()) ? DELIVERY_POLL_MS : false,
  });
  // The endpoint's summary (failed count, last delivery) follows when an outcome changes.
  const outcomes = deliveries.data?.map((d) => `${d.id}:${d.status}:${d.attempts}`).join(',');
  useEffect(() => {
    if (outcomes !== undefined) refreshList(queryClient, basePath);
  }, [outcomes, queryClient, basePath]);
  return deliveries;
}
