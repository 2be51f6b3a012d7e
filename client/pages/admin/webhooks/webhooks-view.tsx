import type { WebhookEndpoint } from '@common/webhooks.ts';
import { AlertCircle, Plus, RotateCw, Webhook } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { DeleteWebhookDialog } from './delete-webhook-dialog.tsx';
import { SignatureHelp } from './signature-help.tsx';
import { useWebhooks } from './use-webhooks.ts';
import { WebhookCard } from './webhook-card.tsx';
import { WebhookFormDialog, type WebhookFormTarget } from './webhook-form-dialog.tsx';

/**
 * Webhook Configuration (SPEC section 2; DESIGN section 6 "build the obvious working
 * version"): endpoints that hear about connections, their signed deliveries, and retries.
 */
export default function WebhooksView() {
  const webhooks = useWebhooks();
  const [editing, setEditing] = useState<WebhookFormTarget>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-slate-600 text-sm">
          Send your own systems a signed message the moment a customer submits the form, a
          connection changes status, a file arrives or credentials are checked.
        </p>
        <Button onClick={() => setEditing({ mode: 'create' })}>
          <Plus aria-hidden="true" />
          Add Webhook
        </Button>
      </div>

      {webhooks.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading webhooks..." />
        </div>
      ) : webhooks.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-6 text-red-900"
        >
          <p className="flex items-center gap-2 font-semibold">
            <AlertCircle className="size-5" aria-hidden="true" />
            Failed to fetch webhooks
          </p>
          <p className="text-sm">{webhooks.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => webhooks.refetch()}>
            <RotateCw aria-hidden="true" />
            Try Again
          </Button>
        </div>
      ) : webhooks.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-slate-300 border-dashed bg-white px-6 py-16 text-center">
          <Webhook className="size-10 text-slate-400" aria-hidden="true" />
          <p className="font-semibold text-slate-900">No webhooks yet</p>
          <p className="max-w-md text-slate-600 text-sm">
            A webhook is a URL on your server that we call with a signed JSON message when something
            happens to a connection, so your CRM or reporting stays up to date without polling. Add
            one to get started.
          </p>
        </div>
      ) : (
        <ul aria-label="Webhooks" className="grid grid-cols-1 gap-4">
          {webhooks.data.map((endpoint) => (
            <li key={endpoint.id} className="grid grid-cols-1">
              <WebhookCard
                endpoint={endpoint}
                onEdit={() => setEditing({ mode: 'edit', endpoint })}
                onDelete={() => setDeleting(endpoint)}
              />
            </li>
          ))}
        </ul>
      )}

      <SignatureHelp />

      <WebhookFormDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteWebhookDialog endpoint={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
