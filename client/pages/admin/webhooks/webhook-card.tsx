import type { WebhookEndpoint } from '@common/webhooks.ts';
import { ChevronDown, Pencil, Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { WebhookSecret } from '@/components/webhook-secret.tsx';
import { cn } from '@/lib/utils.ts';
import { eventLabel, lastDeliveryText } from '@/lib/webhook-display.ts';
import { DeliveriesPanel } from './deliveries-panel.tsx';
import { useSendTestWebhook } from './use-webhooks.ts';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 font-medium text-xs';

/** One endpoint: where it points, what it hears, how its deliveries went, and its actions. */
export function WebhookCard({
  endpoint,
  onEdit,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const id = useId();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const sendTest = useSendTestWebhook();

  return (
    <Card asChild>
      <article aria-labelledby={`${id}-url`} className="grid grid-cols-1 gap-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1 basis-64">
            <h3
              id={`${id}-url`}
              className="break-all font-mono font-semibold text-slate-900 text-sm"
            >
              {endpoint.url}
            </h3>
            {endpoint.description ? (
              <p className="mt-1 text-slate-600 text-sm">{endpoint.description}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <span
              className={cn(
                badge,
                endpoint.isActive
                  ? 'bg-emerald-100 text-emerald-800'
                  : 'bg-slate-100 text-slate-700',
              )}
            >
              {endpoint.isActive ? 'Active' : 'Inactive'}
            </span>
            {endpoint.failedDeliveries > 0 ? (
              <span className={cn(badge, 'bg-red-100 text-red-800')}>
                {endpoint.failedDeliveries} failed
              </span>
            ) : null}
          </div>
        </div>

        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-slate-700 text-xs">Events</dt>
            <dd>
              <ul className="mt-1 flex flex-wrap gap-1.5">
                {endpoint.events.map((event) => (
                  <li
                    key={event}
                    title={event}
                    className="rounded-md bg-blue-50 px-2 py-0.5 text-blue-800 text-xs"
                  >
                    {eventLabel(event)}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-700 text-xs">Last delivery</dt>
            <dd className="mt-1 text-slate-800">{lastDeliveryText(endpoint.lastDelivery)}</dd>
          </div>
        </dl>

        <WebhookSecret secret={endpoint.secret} />

        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            onClick={() => {
              sendTest.mutate(endpoint);
              setShowDeliveries(true);
            }}
            disabled={sendTest.isPending}
          >
            <Send aria-hidden="true" />
            {sendTest.isPending ? 'Sending...' : 'Send test'}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-expanded={showDeliveries}
            aria-controls={showDeliveries ? `${id}-deliveries` : undefined}
            onClick={() => setShowDeliveries((open) => !open)}
          >
            <ChevronDown
              className={cn('transition-transform', showDeliveries && 'rotate-180')}
              aria-hidden="true"
            />
            Deliveries
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onDelete}
            className="text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>

        {showDeliveries ? (
          <div id={`${id}-deliveries`}>
            <DeliveriesPanel endpointId={endpoint.id} />
          </div>
        ) : null}
      </article>
    </Card>
  );
}
