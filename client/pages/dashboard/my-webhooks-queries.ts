import type { UserWebhookInput, WebhookDelivery, WebhookEndpoint } from '@common/webhooks.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/use-toast.ts';
import { apiRequest } from '@/lib/api.ts';

/** GET /api/my/webhooks: the premium user's own endpoints. */
export const MY_WEBHOOKS_QUERY_KEY = ['/api/my/webhooks'] as const;

/** How often an open deliveries list reads again while a delivery is on its way. */
const DELIVERY_POLL_MS = 1500;

/** `/api/my/webhooks/{id}/deliveries`: the key's parts joined with '/' are the address. */
const deliveriesKey = (endpointId: number) =>
  [...MY_WEBHOOKS_QUERY_KEY, endpointId, 'deliveries'] as const;

function showError(error: Error) {
  toast({ title: 'Error', description: error.message, variant: 'destructive' });
}

export function useMyWebhooks() {
  return useQuery<WebhookEndpoint[]>({ queryKey: MY_WEBHOOKS_QUERY_KEY });
}

/** The endpoint's last deliveries, read again while one of them is still pending. */
export function useMyDeliveries(endpointId: number) {
  const queryClient = useQueryClient();
  const deliveries = useQuery<WebhookDelivery[]>({
    queryKey: deliveriesKey(endpointId),
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'pending') ? DELIVERY_POLL_MS : false,
  });
  // The endpoint's summary (failed count, last delivery) follows when an outcome changes.
  const outcomes = deliveries.data?.map((d) => `${d.id}:${d.status}:${d.attempts}`).join(',');
  useEffect(() => {
    if (outcomes === undefined) return;
    queryClient.invalidateQueries({ queryKey: MY_WEBHOOKS_QUERY_KEY, exact: true });
  }, [outcomes, queryClient]);
  return deliveries;
}

/** Adds an endpoint; the form shows the server's message when it refuses. */
export function useAddMyWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserWebhookInput) =>
      apiRequest<WebhookEndpoint>('POST', '/api/my/webhooks', body),
    onSuccess: () => {
      toast({ title: 'Webhook Added', description: 'Deliveries start with the next event.' });
      return queryClient.invalidateQueries({ queryKey: MY_WEBHOOKS_QUERY_KEY });
    },
  });
}

/** Saves an endpoint's settings (the edit form, or Pause/Resume with the rest unchanged). */
export function useUpdateMyWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserWebhookInput }) =>
      apiRequest<WebhookEndpoint>('PUT', `/api/my/webhooks/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_WEBHOOKS_QUERY_KEY }),
  });
}

export function useDeleteMyWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) =>
      apiRequest<{ message: string }>('DELETE', `/api/my/webhooks/${endpoint.id}`),
    onSuccess: (_answer, endpoint) => {
      toast({ title: 'Webhook Deleted', description: `${endpoint.url} gets no more events.` });
      queryClient.removeQueries({ queryKey: deliveriesKey(endpoint.id) });
      return queryClient.invalidateQueries({ queryKey: MY_WEBHOOKS_QUERY_KEY });
    },
    onError: showError,
  });
}

export function useTestMyWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) =>
      apiRequest<{ message: string }>('POST', `/api/my/webhooks/${endpoint.id}/test`),
    onSuccess: (_answer, endpoint) => {
      toast({ title: 'Test Sent', description: `A signed ping is on its way to ${endpoint.url}.` });
      return queryClient.invalidateQueries({ queryKey: MY_WEBHOOKS_QUERY_KEY });
    },
    onError: showError,
  });
}
