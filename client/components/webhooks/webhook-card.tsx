import type { WebhookEndpoint } from '@common/webhooks.ts';
import { ChevronDown, Pause, Pencil, Play, Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { toast } from '@/components/ui/use-toast.ts';
import { showError } from '@/lib/error-toast.ts';
import { cn } from '@/lib/utils.ts';
import { DeliveriesPanel } from './deliveries-panel.tsx';
import { useSendTestWebhook, useUpdateWebhook } from './use-webhooks.ts';
import { allowedEvents, endpointState, eventLabel, lastDeliveryText } from './webhook-display.ts';
import type { WebhookScope } from './webhook-scope.ts';
import { WebhookSecret } from './webhook-secret.tsx';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 font-medium text-xs';

/** One endpoint: where it points, what it hears, how its deliveries went, and its actions. */
export function WebhookCard({
  scope,
  endpoint,
  onEdit,
  onDelete,
}: {
  scope: WebhookScope;
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const id = useId();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const sendTest = useSendTestWebhook(scope.basePath);
  const state = endpointState(endpoint.isActive);

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
            <span className={cn(badge, state.className)}>{state.label}</span>
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
                    className="rounded-md bg-blue-50 px-2 py-0.5 text-blue-800 text-xs"
                  >
                    {eventLabel(event)} <code className="font-mono">{event}</code>
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
          {scope.pauseResume ? <PauseResumeButton scope={scope} endpoint={endpoint} /> : null}
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
            <DeliveriesPanel scope={scope} endpointId={endpoint.id} />
          </div>
        ) : null}
      </article>
    </Card>
  );
}

/** Stops or restarts the endpoint's deliveries, its other settings saved as they are. */
function PauseResumeButton({
  scope,
  endpoint,
}: {
  scope: WebhookScope;
  endpoint: WebhookEndpoint;
}) {
  const update = useUpdateWebhook(scope.basePath);

  function toggle() {
    const { url, description } = endpoint;
    const events = allowedEvents(endpoint, scope.events);
    update.mutate(
      { id: endpoint.id, body: { url, description, events, isActive: !endpoint.isActive } },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.isActive ? 'Webhook Resumed' : 'Webhook Paused',
            description: saved.url,
          }),
        onError: showError,
      },
    );
  }

  return (
    <Button type="button" variant="outline" size="sm" disabled={update.isPending} onClick={toggle}>
      {endpoint.isActive ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
      {endpoint.isActive ? 'Pause' : 'Resume'}
    </Button>
  );
}
