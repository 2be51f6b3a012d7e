import { WEBHOOK_EVENT_NAMES, type WebhookEndpoint } from '@common/webhooks.ts';
import { type FormEvent, useId, useState } from 'react';
import { FormProblem, SaveCancelFooter } from '@/components/form-dialog-parts.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { SwitchField } from '@/components/ui/switch-field.tsx';
import { WebhookEventsField } from '@/components/webhook-events-field.tsx';
import { useCreateWebhook, useUpdateWebhook } from './use-webhooks.ts';
import {
  checkWebhook,
  EMPTY_WEBHOOK_FORM,
  type WebhookFormValues,
  webhookFormValues,
} from './webhook-form.ts';

/** What the dialog edits: a new endpoint, an existing one, or nothing (closed). */
export type WebhookFormTarget =
  | { mode: 'create' }
  | { mode: 'edit'; endpoint: WebhookEndpoint }
  | null;

export function WebhookFormDialog({
  target,
  onClose,
}: {
  target: WebhookFormTarget;
  onClose: () => void;
}) {
  const editing = target?.mode === 'edit' ? target.endpoint : null;
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Webhook' : 'Add Webhook'}</DialogTitle>
          <DialogDescription>
            We POST a signed JSON message to this URL whenever one of the chosen events happens.
          </DialogDescription>
        </DialogHeader>
        {target ? <WebhookForm endpoint={editing} onSaved={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function WebhookForm({
  endpoint,
  onSaved,
}: {
  endpoint: WebhookEndpoint | null;
  onSaved: () => void;
}) {
  const [values, setValues] = useState<WebhookFormValues>(() =>
    endpoint ? webhookFormValues(endpoint) : EMPTY_WEBHOOK_FORM,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const createWebhook = useCreateWebhook();
  const updateWebhook = useUpdateWebhook();
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
    if (endpoint) {
      updateWebhook.mutate({ id: endpoint.id, body: checked.body }, { onSuccess: onSaved });
    } else {
      createWebhook.mutate(checked.body, { onSuccess: onSaved });
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={saving}>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`}>
          Endpoint URL
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        </Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/utility-reports"
          value={values.url}
          onChange={(event) => set('url', event.target.value)}
          aria-required="true"
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Input
          id={`${id}-description`}
          placeholder="CRM sync"
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          maxLength={200}
          autoComplete="off"
        />
      </div>

      <WebhookEventsField
        names={WEBHOOK_EVENT_NAMES}
        value={values.events}
        onChange={(events) => set('events', events)}
      />

      <SwitchField
        label="Active"
        note="Inactive endpoints keep their settings but receive no events."
        checked={values.isActive}
        onCheckedChange={(checked) => set('isActive', checked)}
      />

      <FormProblem problem={problem} />
      <SaveCancelFooter saving={saving} submitLabel={endpoint ? 'Save Changes' : 'Add Webhook'} />
    </form>
  );
}
