import type { WebhookDelivery, WebhookEndpoint, WebhookInput } from '@common/webhooks.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/use-toast.ts';
import { apiRequest } from '@/lib/api.ts';
import { DELIVERY_POLL_MS, shouldPoll, type Watched } from './webhook-display.ts';

export const WEBHOOKS_QUERY_KEY = ['/api/webhooks'] as const;

/** `/api/webhooks/{id}/deliveries`: the key's parts joined with '/' are the URL. */
export const deliveriesQueryKey = (endpointId: number) =>
  ['/api/webhooks', endpointId, 'deliveries'] as const;

function showError(error: Error) {
  toast({ title: 'Error', description: error.message, variant: 'destructive' });
}

export function useWebhooks() {
  return useQuery<WebhookEndpoint[]>({ queryKey: WEBHOOKS_QUERY_KEY });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookInput) => apiRequest<WebhookEndpoint>('POST', '/api/webhooks', body),
    onSuccess: () => {
      toast({ title: 'Webhook Added', description: 'Deliveries start with the next event.' });
      return queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
    },
    onError: showError,
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WebhookInput }) =>
      apiRequest<WebhookEndpoint>('PUT', `/api/webhooks/${id}`, body),
    onSuccess: () => {
      toast({ title: 'Webhook Updated', description: 'Your changes were saved.' });
      return queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
    },
    onError: showError,
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: Pick<WebhookEndpoint, 'id' | 'url'>) =>
      apiRequest<{ message: string }>('DELETE', `/api/webhooks/${endpoint.id}`),
    onSuccess: (_answer, endpoint) => {
      toast({ title: 'Webhook Deleted', description: `${endpoint.url} gets no more events.` });
      queryClient.removeQueries({ queryKey: deliveriesQueryKey(endpoint.id) });
      return queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
    },
    onError: showError,
  });
}

/** Both the endpoint list (failed count, last delivery) and its deliveries change. */
function refreshEndpoint(queryClient: ReturnType<typeof useQueryClient>, endpointId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(endpointId) }),
    queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  ]);
}

/** POST /api/webhooks/{id}/test: a 'ping' delivery, sent in the background. */
export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: Pick<WebhookEndpoint, 'id'>) =>
      apiRequest<{ message: string }>('POST', `/api/webhooks/${endpoint.id}/test`),
    onSuccess: ({ message }, endpoint) => {
      toast({ title: 'Test Sent', description: `${message}. See Deliveries for the result.` });
      return refreshEndpoint(queryClient, endpoint.id);
    },
    onError: showError,
  });
}

export function useRetryDelivery(endpointId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (delivery: Pick<WebhookDelivery, 'id'>) =>
      apiRequest<{ message: string }>('POST', `/api/webhook-deliveries/${delivery.id}/retry`),
    onSuccess: ({ message }) => {
      toast({ title: 'Retry Queued', description: message });
      return refreshEndpoint(queryClient, endpointId);
    },
    onError: showError,
  });
}

/**
 * The latest 50 deliveries of an endpoint while its panel is open. Deliveries are sent in the
 * background, so the list is read again every few seconds while one is on its way (pending,
 * or a retry not yet attempted), and otherwise only on Refresh.
 */
export function useDeliveries(endpointId: number, watched: Watched | null) {
  const queryClient = useQueryClient();
  const deliveries = useQuery<WebhookDelivery[]>({
    queryKey: deliveriesQueryKey(endpointId),
    refetchInterval: (query) =>
      shouldPoll(query.state.data, watched, Date.now()) ? DELIVERY_POLL_MS : false,
  });
  // The endpoint's summary (failed count, last delivery) follows when an outcome changes.
  const outcomes = deliveries.data?.map((d) => `${d.id}:${d.status}:${d.attempts}`).join(',');
  useEffect(() => {
    if (outcomes !== undefined) queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
  }, [outcomes, queryClient]);
  return deliveries;
}
