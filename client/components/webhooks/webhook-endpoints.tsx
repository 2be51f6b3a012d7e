import type { WebhookEndpoint } from '@common/webhooks.ts';
import { Webhook } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { CardList } from '@/components/card-list.tsx';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog.tsx';
import { EmptyState, QueryView } from '@/components/query-states.tsx';
import { ViewIntro } from '@/components/view-intro.tsx';
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
      <ViewIntro addLabel="Add Webhook" onAdd={() => setTarget({ mode: 'add' })}>
        {intro}
      </ViewIntro>

      <QueryView
        query={endpoints}
        loading="Loading webhooks..."
        failed="Failed to load webhooks"
        empty={
          <EmptyState
            icon={<Webhook className="size-10 text-slate-400" aria-hidden="true" />}
            title="No webhooks yet"
          >
            <p className="max-w-md text-slate-600 text-sm">
              A webhook is a URL on your server that we call with a signed JSON message when
              something happens to a connection, so your CRM or reporting stays up to date without
              polling. Add one to get started.
            </p>
          </EmptyState>
        }
      >
        {(data) => (
          <CardList label="Webhooks" items={data}>
            {(endpoint) => (
              <WebhookCard
                scope={scope}
                endpoint={endpoint}
                onEdit={() => setTarget({ mode: 'edit', endpoint })}
                onDelete={() => setDeleting(endpoint)}
              />
            )}
          </CardList>
        )}
      </QueryView>

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
