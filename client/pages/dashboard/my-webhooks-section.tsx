import type { User } from '@common/api.ts';
import type { WebhookEndpoint } from '@common/webhooks.ts';
import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog.tsx';
import { LoadFailed, LoadingBlock } from '@/components/query-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card.tsx';
import { MyWebhookCard } from './my-webhook-card.tsx';
import { MyWebhookFormDialog, type MyWebhookTarget } from './my-webhook-form-dialog.tsx';
import { useDeleteMyWebhook, useMyWebhooks } from './my-webhooks-queries.ts';

function MyWebhooks() {
  const endpoints = useMyWebhooks();
  const remove = useDeleteMyWebhook();
  const [target, setTarget] = useState<MyWebhookTarget>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  return (
    <CardContent className="grid gap-4">
      <p className="text-slate-600 text-sm">
        Each message carries{' '}
        <code className="font-mono text-xs">
          X-Webhook-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;
        </code>
        , the HMAC-SHA256 of <code className="font-mono text-xs">t.body</code> with the endpoint's
        signing secret: check it before trusting the message.
      </p>
      {endpoints.isPending ? (
        <LoadingBlock label="Loading webhooks..." />
      ) : endpoints.isError ? (
        <LoadFailed
          title="Failed to load webhooks"
          message={endpoints.error.message}
          onRetry={() => endpoints.refetch()}
        />
      ) : endpoints.data.length > 0 ? (
        <ul aria-label="Your webhooks" className="grid gap-3">
          {endpoints.data.map((endpoint) => (
            <MyWebhookCard
              key={endpoint.id}
              endpoint={endpoint}
              onEdit={() => setTarget({ mode: 'edit', endpoint })}
              onDelete={() => setDeleting(endpoint)}
            />
          ))}
        </ul>
      ) : (
        <p className="text-slate-600 text-sm">No webhooks yet.</p>
      )}
      <Button
        type="button"
        className="justify-self-start"
        onClick={() => setTarget({ mode: 'add' })}
      >
        <Plus aria-hidden="true" />
        Add Webhook
      </Button>
      <MyWebhookFormDialog target={target} onClose={() => setTarget(null)} />
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
              ? 'Your own software hears, as it happens, when one of your connections arrives, its credentials are checked, or its report is ready.'
              : 'With the Monthly Subscription plan, webhooks come with API access: your own software hears when your connections arrive, are checked, or their reports are ready.'}
          </CardDescription>
        </CardHeader>
        {premium && <MyWebhooks />}
      </section>
    </Card>
  );
}
