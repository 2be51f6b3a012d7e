import type { User } from '@common/api.ts';
import {
  USER_WEBHOOK_EVENT_NAMES,
  type UserWebhookEvent,
  UserWebhookInput,
  WEBHOOK_EVENT_LABELS,
  type WebhookEndpoint,
} from '@common/webhooks.ts';
import { Webhook } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog.tsx';
import { FormProblem } from '@/components/form-dialog-parts.tsx';
import { LoadFailed, LoadingBlock } from '@/components/query-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { WebhookSecret } from '@/components/webhook-secret.tsx';
import {
  useAddMyWebhook,
  useDeleteMyWebhook,
  useMyDeliveries,
  useMyWebhooks,
  useTestMyWebhook,
  useToggleMyWebhook,
} from './my-webhooks-queries.ts';
import { formatShortDate } from './usage-display.ts';

function AddWebhookForm() {
  const id = useId();
  const add = useAddMyWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<UserWebhookEvent[]>([...USER_WEBHOOK_EVENT_NAMES]);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = UserWebhookInput.safeParse({ url, description, events });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the form');
    setProblem(null);
    add.mutate(parsed.data, {
      onSuccess: () => {
        setUrl('');
        setDescription('');
      },
      onError: (error) => setProblem(error.message),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Add webhook">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-url`}>Endpoint URL</Label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://example.com/hooks/utility-reports"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            maxLength={2000}
            autoComplete="off"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Input
            id={`${id}-description`}
            placeholder="CRM sync"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={200}
            autoComplete="off"
          />
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-slate-800 text-sm">Events</legend>
        {USER_WEBHOOK_EVENT_NAMES.map((name) => (
          <label key={name} className="flex cursor-pointer items-center gap-3 text-sm">
            <input
              type="checkbox"
              checked={events.includes(name)}
              onChange={(event) =>
                setEvents((current) =>
                  USER_WEBHOOK_EVENT_NAMES.filter((n) =>
                    n === name ? event.target.checked : current.includes(n),
                  ),
                )
              }
              className="size-4 shrink-0 accent-blue-600"
            />
            <span>
              {WEBHOOK_EVENT_LABELS[name]}{' '}
              <code className="font-mono text-slate-500 text-xs">{name}</code>
            </span>
          </label>
        ))}
      </fieldset>
      <FormProblem problem={problem} />
      <Button type="submit" className="justify-self-start" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add Webhook'}
      </Button>
    </form>
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [open, setOpen] = useState(false);
  const deliveries = useMyDeliveries(endpoint.id, open);
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="justify-self-start"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide deliveries' : 'Recent deliveries'}
      </Button>
      {open &&
        (deliveries.isPending ? (
          <LoadingBlock label="Loading deliveries..." />
        ) : deliveries.isError ? (
          <LoadFailed
            title="Failed to load deliveries"
            message={deliveries.error.message}
            onRetry={() => deliveries.refetch()}
          />
        ) : deliveries.data.length === 0 ? (
          <p className="text-slate-600 text-sm">No deliveries yet.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {deliveries.data.slice(0, 10).map((delivery) => (
              <li key={delivery.id} className="flex flex-wrap gap-x-3 text-slate-700">
                <code className="font-mono text-xs">{delivery.event}</code>
                <span className={delivery.status === 'failed' ? 'text-red-700' : 'text-slate-700'}>
                  {delivery.status}
                  {delivery.responseStatus ? ` (HTTP ${delivery.responseStatus})` : ''}
                </span>
                <span className="text-slate-500">{formatShortDate(delivery.createdAt)}</span>
                {delivery.lastError && (
                  <span className="basis-full text-red-700 text-xs">{delivery.lastError}</span>
                )}
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

function EndpointCard({
  endpoint,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onDelete: (endpoint: WebhookEndpoint) => void;
}) {
  const toggle = useToggleMyWebhook();
  const test = useTestMyWebhook();
  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-all font-medium font-mono text-slate-900 text-sm">{endpoint.url}</p>
          {endpoint.description && <p className="text-slate-600 text-sm">{endpoint.description}</p>}
          <p className="text-slate-500 text-xs">{endpoint.events.join(', ')}</p>
        </div>
        <span
          className={
            endpoint.isActive
              ? 'rounded-full bg-emerald-100 px-2 py-0.5 font-medium text-emerald-800 text-xs'
              : 'rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700 text-xs'
          }
        >
          {endpoint.isActive ? 'Active' : 'Paused'}
        </span>
      </div>
      <WebhookSecret secret={endpoint.secret} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={test.isPending}
          onClick={() => test.mutate(endpoint)}
        >
          Send Test
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate(endpoint)}
        >
          {endpoint.isActive ? 'Pause' : 'Resume'}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onDelete(endpoint)}>
          Delete
        </Button>
      </div>
      <Deliveries endpoint={endpoint} />
    </li>
  );
}

function MyWebhooks() {
  const endpoints = useMyWebhooks(true);
  const remove = useDeleteMyWebhook();
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  return (
    <CardContent className="grid gap-6">
      {endpoints.isPending ? (
        <LoadingBlock label="Loading webhooks..." />
      ) : endpoints.isError ? (
        <LoadFailed
          title="Failed to load webhooks"
          message={endpoints.error.message}
          onRetry={() => endpoints.refetch()}
        />
      ) : endpoints.data.length > 0 ? (
        <ul className="grid gap-3">
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onDelete={setDeleting} />
          ))}
        </ul>
      ) : (
        <p className="text-slate-600 text-sm">No webhooks yet.</p>
      )}
      <div className="border-slate-100 border-t pt-4">
        <AddWebhookForm />
      </div>
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete Webhook"
        question={`Delete the webhook to ${deleting?.url}?`}
        note="It receives no more events; its delivery history goes with it."
        pending={remove.isPending}
        onConfirm={() =>
          deleting && remove.mutate(deleting, { onSettled: () => setDeleting(null) })
        }
        onClose={() => setDeleting(null)}
      />
    </CardContent>
  );
}

/** Account & API tab: a premium user's own webhooks, signed like the admins'. */
export function MyWebhooksSection({ user }: { user: User }) {
  const premium = user.planType === 'premium';
  return (
    <Card asChild>
      <section aria-labelledby="my-webhooks-heading">
        <CardHeader>
          <CardTitle id="my-webhooks-heading" className="flex items-center gap-2">
            <Webhook className="size-5 text-blue-600" aria-hidden="true" />
            Webhooks
          </CardTitle>
          <CardDescription>
            {premium
              ? 'We POST a signed JSON message (X-Webhook-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.body">) to your URL when one of your connections arrives, is checked, or its report is ready.'
              : 'With the Monthly Subscription plan, your own software hears when your connections arrive, are checked, or their reports are ready.'}
          </CardDescription>
        </CardHeader>
        {premium && <MyWebhooks />}
      </section>
    </Card>
  );
}
