import type { WebhookEndpoint } from '@common/webhooks.ts';
import { type FormEvent, useId, useState } from 'react';
import { TextField } from '@/components/field.tsx';
import { FormProblem, SaveCancelFooter } from '@/components/form-dialog-parts.tsx';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { SwitchField } from '@/components/ui/switch-field.tsx';
import { toast } from '@/components/ui/use-toast.ts';
import { useCreateWebhook, useUpdateWebhook } from './use-webhooks.ts';
import { WebhookEventsField } from './webhook-events-field.tsx';
import {
  checkWebhook,
  emptyWebhookForm,
  type WebhookFormValues,
  webhookFormValues,
} from './webhook-form.ts';
import type { WebhookScope } from './webhook-scope.ts';

/** What the dialog edits: a new endpoint, an existing one, or nothing (closed). */
export type WebhookFormTarget =
  | { mode: 'add' }
  | { mode: 'edit'; endpoint: WebhookEndpoint }
  | null;

export function WebhookFormDialog({
  scope,
  target,
  onClose,
}: {
  scope: WebhookScope;
  target: WebhookFormTarget;
  onClose: () => void;
}) {
  const editing = target?.mode === 'edit' ? target.endpoint : null;
  return (
    <ModalDialog
      open={target !== null}
      onClose={onClose}
      className="max-w-xl"
      title={editing ? 'Edit Webhook' : 'Add Webhook'}
      description="We POST a signed JSON message to this URL whenever one of the chosen events happens."
    >
      {target ? <WebhookForm scope={scope} endpoint={editing} onSaved={onClose} /> : null}
    </ModalDialog>
  );
}

/** The form shows the server's refusal itself (an address inside the network, say). */
function WebhookForm({
  scope,
  endpoint,
  onSaved,
}: {
  scope: WebhookScope;
  endpoint: WebhookEndpoint | null;
  onSaved: () => void;
}) {
  const [values, setValues] = useState<WebhookFormValues>(() =>
    endpoint ? webhookFormValues(endpoint, scope.events) : emptyWebhookForm(scope.events),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const createWebhook = useCreateWebhook(scope.basePath);
  const updateWebhook = useUpdateWebhook(scope.basePath);
  const saving = createWebhook.isPending || updateWebhook.isPending;
  const id = useId();

  function set<K extends keyof WebhookFormValues>(key: K, value: WebhookFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkWebhook(values);
    if (!checked.ok) return setProblem(checked.message);
    setProblem(null);
    const onError = (error: Error) => setProblem(error.message);
    if (!endpoint) return createWebhook.mutate(checked.body, { onSuccess: onSaved, onError });
    updateWebhook.mutate(
      { id: endpoint.id, body: checked.body },
      {
        onSuccess: () => {
          toast({ title: 'Webhook Updated', description: 'Your changes were saved.' });
          onSaved();
        },
        onError,
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={saving}>
      <TextField
        id={`${id}-url`}
        label="Endpoint URL"
        markRequired
        type="url"
        inputMode="url"
        placeholder="https://example.com/hooks/utility-reports"
        value={values.url}
        onChange={(event) => set('url', event.target.value)}
        maxLength={2000}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        id={`${id}-description`}
        label="Description"
        placeholder="CRM sync"
        value={values.description}
        onChange={(event) => set('description', event.target.value)}
        maxLength={200}
        autoComplete="off"
      />

      <WebhookEventsField
        names={scope.events}
        value={values.events}
        onChange={(events) => set('events', events)}
      />

      <SwitchField
        label="Active"
        note="A paused endpoint keeps its settings but receives no events."
        checked={values.isActive}
        onCheckedChange={(checked) => set('isActive', checked)}
      />

      <FormProblem problem={problem} />
      <SaveCancelFooter saving={saving} submitLabel={endpoint ? 'Save Changes' : 'Add Webhook'} />
    </form>
  );
}
