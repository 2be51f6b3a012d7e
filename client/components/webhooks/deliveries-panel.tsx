import type { WebhookDelivery } from '@common/webhooks.ts';
import { RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadFailed } from '@/components/query-states.tsx';
import { RefreshButton } from '@/components/refresh-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/utils.ts';
import { type Watched, watchRetry } from './delivery-watch.ts';
import { useDeliveries, useRetryDelivery } from './use-webhooks.ts';
import { deliveryStatus, eventLabel, formatDateTime, responseText } from './webhook-display.ts';
import type { WebhookScope } from './webhook-scope.ts';

const HEADINGS = ['Status', 'Event', 'Attempts', 'Response', 'Error', 'Time'];

/** The endpoint's latest deliveries, newest first; where the scope allows, Retry on failed ones. */
export function DeliveriesPanel({
  scope,
  endpointId,
}: {
  scope: WebhookScope;
  endpointId: number;
}) {
  const headingId = useId();
  const [watched, setWatched] = useState<Watched | null>(null);
  const deliveries = useDeliveries(scope.basePath, endpointId, watched);
  const retry = useRetryDelivery(scope.basePath, endpointId);

  function retryAction(delivery: WebhookDelivery) {
    if (!scope.retry || delivery.status !== 'failed') return null;
    return {
      pending: retry.isPending && retry.variables?.id === delivery.id,
      run: () =>
        retry.mutate(delivery, {
          onSuccess: () => setWatched(watchRetry(delivery, Date.now())),
        }),
    };
  }

  return (
    <section
      aria-labelledby={headingId}
      className="grid grid-cols-1 gap-3 border-slate-200 border-t pt-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-medium text-slate-800 text-sm">
          Recent deliveries
        </h4>
        <RefreshButton query={deliveries} />
      </div>
      {deliveries.isPending ? (
        <Spinner label="Loading deliveries..." />
      ) : deliveries.isError ? (
        <LoadFailed
          title="Failed to load deliveries"
          message={deliveries.error.message}
          onRetry={() => deliveries.refetch()}
        />
      ) : deliveries.data.length === 0 ? (
        <p className="text-slate-600 text-sm">
          No deliveries yet. Send a test to check that your endpoint answers.
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-md border border-slate-200">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-slate-50 text-slate-600 text-xs">
              <tr>
                {HEADINGS.map((heading) => (
                  <th key={heading} className="px-3 py-2 font-medium">
                    {heading}
                  </th>
                ))}
                {scope.retry ? (
                  <th className="px-3 py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {deliveries.data.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  delivery={delivery}
                  withActions={scope.retry === true}
                  retry={retryAction(delivery)}
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
  withActions,
  retry,
}: {
  delivery: WebhookDelivery;
  withActions: boolean;
  retry: { pending: boolean; run: () => void } | null;
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
      {withActions ? (
        <td className="px-3 py-2 text-right">
          {retry ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={retry.run}
              disabled={retry.pending}
            >
              <RotateCw aria-hidden="true" />
              {retry.pending ? 'Retrying...' : 'Retry'}
            </Button>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}
