import type { WebhookDelivery } from '@common/webhooks.ts';
import { RefreshCw, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/utils.ts';
import { deliveryStatus, eventLabel, formatDateTime, responseText } from '@/lib/webhook-display.ts';
import { useDeliveries, useRetryDelivery } from './use-webhooks.ts';
import { type Watched, watchRetry } from './webhook-display.ts';

/** The endpoint's latest 50 deliveries, newest first, with Retry on the failed ones. */
export function DeliveriesPanel({ endpointId }: { endpointId: number }) {
  const [watched, setWatched] = useState<Watched | null>(null);
  const deliveries = useDeliveries(endpointId, watched);
  const retry = useRetryDelivery(endpointId);

  return (
    <section
      aria-label="Deliveries"
      className="grid grid-cols-1 gap-3 border-slate-200 border-t pt-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-medium text-slate-800 text-sm">Recent deliveries</h4>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => deliveries.refetch()}
          disabled={deliveries.isFetching}
        >
          <RefreshCw className={cn(deliveries.isFetching && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {deliveries.isPending ? (
        <Spinner label="Loading deliveries..." />
      ) : deliveries.isError ? (
        <p role="alert" className="text-red-700 text-sm">
          Could not load the deliveries: {deliveries.error.message}
        </p>
      ) : deliveries.data.length === 0 ? (
        <p className="text-slate-600 text-sm">
          No deliveries yet. Send a test to check that your endpoint answers.
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-md border border-slate-200">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-slate-50 text-slate-600 text-xs">
              <tr>
                <th className="px-3 py-2 font-medium">Status</th>
                <th className="px-3 py-2 font-medium">Event</th>
                <th className="px-3 py-2 font-medium">Attempts</th>
                <th className="px-3 py-2 font-medium">Response</th>
                <th className="px-3 py-2 font-medium">Error</th>
                <th className="px-3 py-2 font-medium">Time</th>
                <th className="px-3 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {deliveries.data.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  delivery={delivery}
                  retrying={retry.isPending && retry.variables?.id === delivery.id}
                  onRetry={() =>
                    retry.mutate(delivery, {
                      onSuccess: () => setWatched(watchRetry(delivery, Date.now())),
                    })
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function DeliveryRow({
  delivery,
  retrying,
  onRetry,
}: {
  delivery: WebhookDelivery;
  retrying: boolean;
  onRetry: () => void;
}) {
  const status = deliveryStatus(delivery.status);
  return (
    <tr className="align-top">
      <td className="px-3 py-2">
        <span
          className={cn(
            'inline-flex rounded-full px-2 py-0.5 font-medium text-xs',
            status.className,
          )}
        >
          {status.label}
        </span>
      </td>
      <td className="px-3 py-2">
        <span className="block text-slate-900">{eventLabel(delivery.event)}</span>
        <code className="font-mono text-slate-500 text-xs">{delivery.event}</code>
      </td>
      <td className="px-3 py-2 tabular-nums">{delivery.attempts}</td>
      <td className="px-3 py-2 whitespace-nowrap">{responseText(delivery.responseStatus)}</td>
      <td className="max-w-56 px-3 py-2 text-slate-700 text-xs break-words">
        {delivery.lastError ?? '—'}
      </td>
      <td className="px-3 py-2 text-slate-600 text-xs whitespace-nowrap">
        <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
      </td>
      <td className="px-3 py-2 text-right">
        {delivery.status === 'failed' ? (
          <Button type="button" variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
            <RotateCw aria-hidden="true" />
            {retrying ? 'Retrying...' : 'Retry'}
          </Button>
        ) : null}
      </td>
    </tr>
  );
}
