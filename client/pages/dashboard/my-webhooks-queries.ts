import type { UserWebhookInput, WebhookDelivery, WebhookEndpoint } from '@common/webhooks.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast.ts';
import { apiRequest } from '@/lib/api.ts';

/** GET /api/my/webhooks: the premium user's own endpoints. */
export const MY_WEBHOOKS_QUERY_KEY = ['/api/my/webhooks'] as const;

function showError(error: Error) {
  toast({ title: 'Error', description: error.message, variant: 'destructive' });
}

export function useMyWebhooks(enabled: boolean) {
  return useQuery<WebhookEndpoint[]>({ queryKey: MY_WEBHOOKS_QUERY_KEY, enabled });
}

/** The endpoint's last deliveries (key parts joined with '/' are the address). */
export function useMyDeliveries(endpointId: number, enabled: boolean) {
  return useQuery<WebhookDelivery[]>({
    queryKey: [...MY_WEBHOOKS_QUERY_KEY, endpointId, 'deliveries'],
    enabled,
  });
}

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

/** Pauses or resumes an endpoint (the rest of its settings unchanged). */
export function useToggleMyWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) =>
      apiRequest<WebhookEndpoint>('PUT', `/api/my/webhooks/${endpoint.id}`, {
        url: endpoint.url,
        description: endpoint.description,
        events: endpoint.events,
        isActive: !endpoint.isActive,
      }),
    onSuccess: (updated) => {
      toast({
        title: updated.isActive ? 'Webhook Resumed' : 'Webhook Paused',
        description: updated.url,
      });
      return queryClient.invalidateQueries({ queryKey: MY_WEBHOOKS_QUERY_KEY });
    },
    onError: showError,
  });
}

export function useDeleteMyWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) =>
      apiRequest<{ message: string }>('DELETE', `/api/my/webhooks/${endpoint.id}`),
    onSuccess: (_answer, endpoint) => {
      toast({ title: 'Webhook Deleted', description: `${endpoint.url} gets no more events.` });
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
