import type { WebhookEndpoint } from '@common/webhooks.ts';
import { Plus, Webhook } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog.tsx';
import { EmptyState, LoadFailed, LoadingBlock } from '@/components/query-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useDeleteWebhook, useWebhooks } from './use-webhooks.ts';
import { WebhookCard } from './webhook-card.tsx';
import { WebhookFormDialog, type WebhookFormTarget } from './webhook-form-dialog.tsx';
import type { WebhookScope } from './webhook-scope.ts';

/**
 * A screen's webhook endpoints: what they are for (`intro`), Add Webhook, each endpoint's card,
 * and the add, edit and delete dialogs. The admins' view and a premium user's Account tab show
 * the same list; `scope` says whose endpoints and what they may do.
 */
export function WebhookEndpoints({ scope, intro }: { scope: WebhookScope; intro: ReactNode }) {
  const endpoints = useWebhooks(scope.basePath);
  const remove = useDeleteWebhook(scope.basePath);
  const [target, setTarget] = useState<WebhookFormTarget>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="max-w-prose text-slate-600 text-sm">{intro}</div>
        <Button type="button" onClick={() => setTarget({ mode: 'add' })}>
          <Plus aria-hidden="true" />
          Add Webhook
        </Button>
      </div>

      {endpoints.isPending ? (
        <LoadingBlock label="Loading webhooks..." />
      ) : endpoints.isError ? (
        <LoadFailed
          title="Failed to load webhooks"
          message={endpoints.error.message}
          onRetry={() => endpoints.refetch()}
        />
      ) : endpoints.data.length === 0 ? (
        <EmptyState
          icon={<Webhook className="size-10 text-slate-400" aria-hidden="true" />}
          title="No webhooks yet"
        >
          <p className="max-w-md text-slate-600 text-sm">
            A webhook is a URL on your server that we call with a signed JSON message when something
            happens to a connection, so your CRM or reporting stays up to date without polling. Add
            one to get started.
          </p>
        </EmptyState>
      ) : (
        <ul aria-label="Webhooks" className="grid grid-cols-1 gap-4">
          {endpoints.data.map((endpoint) => (
            <li key={endpoint.id} className="grid grid-cols-1">
              <WebhookCard
                scope={scope}
                endpoint={endpoint}
                onEdit={() => setTarget({ mode: 'edit', endpoint })}
                onDelete={() => setDeleting(endpoint)}
              />
            </li>
          ))}
        </ul>
      )}

      <WebhookFormDialog scope={scope} target={target} onClose={() => setTarget(null)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete Webhook"
        question={
          <>
            Are you sure you want to delete the webhook{' '}
            <span className="break-all font-medium text-slate-900">{deleting?.url}</span>?
          </>
        }
        note="It stops receiving events at once and its delivery history is deleted with it."
        pending={remove.isPending}
        onConfirm={() =>
          deleting && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })
        }
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
