import { RefreshCw } from 'lucide-react';
import { LoadFailed, LoadingBlock } from '@/components/query-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/utils.ts';
import { deliveryStatus, eventLabel, formatDateTime, responseText } from '@/lib/webhook-display.ts';
import { useMyDeliveries } from './my-webhooks-queries.ts';

/** How many deliveries the list shows (the API answers the last 50). */
const SHOWN = 10;

/** An endpoint's most recent deliveries, newest first: what was sent and how it went. */
export function MyWebhookDeliveries({ endpointId }: { endpointId: number }) {
  const deliveries = useMyDeliveries(endpointId);
  return (
    <section aria-label="Recent deliveries" className="grid gap-2 border-slate-100 border-t pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-medium text-slate-800 text-sm">Recent deliveries</h4>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => deliveries.refetch()}
          disabled={deliveries.isFetching}
        >
          <RefreshCw className={cn(deliveries.isFetching && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {deliveries.isPending ? (
        <LoadingBlock label="Loading deliveries..." />
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
        <ul className="grid gap-2 text-sm">
          {deliveries.data.slice(0, SHOWN).map((delivery) => {
            const status = deliveryStatus(delivery.status);
            return (
              <li key={delivery.id} className="grid gap-0.5 rounded-md bg-slate-50 px-3 py-2">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span
                    className={cn('rounded-full px-2 py-0.5 font-medium text-xs', status.className)}
                  >
                    {status.label}
                  </span>
                  <span className="text-slate-900">{eventLabel(delivery.event)}</span>
                  <code className="font-mono text-slate-500 text-xs">{delivery.event}</code>
                  <span className="text-slate-600 text-xs">
                    {responseText(delivery.responseStatus)}
                  </span>
                  <time dateTime={delivery.createdAt} className="text-slate-500 text-xs">
                    {formatDateTime(delivery.createdAt)}
                  </time>
                </div>
                {delivery.lastError ? (
                  <p className="break-words text-red-700 text-xs">{delivery.lastError}</p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
