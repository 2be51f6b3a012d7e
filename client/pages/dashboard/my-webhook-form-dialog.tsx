import {
  USER_WEBHOOK_EVENT_NAMES,
  type UserWebhookEvent,
  UserWebhookInput,
  type WebhookEndpoint,
} from '@common/webhooks.ts';
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
import { toast } from '@/components/ui/use-toast.ts';
import { WebhookEventsField } from '@/components/webhook-events-field.tsx';
import { useAddMyWebhook, useUpdateMyWebhook } from './my-webhooks-queries.ts';

/** What the dialog edits: a new endpoint, one of the user's own, or nothing (closed). */
export type MyWebhookTarget = { mode: 'add' } | { mode: 'edit'; endpoint: WebhookEndpoint } | null;

/** An endpoint's events as a user's form holds them (their endpoints hold no others). */
export function ownEvents(endpoint: WebhookEndpoint): UserWebhookEvent[] {
  return USER_WEBHOOK_EVENT_NAMES.filter((name) => endpoint.events.includes(name));
}

type Values = { url: string; description: string; events: UserWebhookEvent[]; isActive: boolean };

function initialValues(endpoint: WebhookEndpoint | null): Values {
  if (!endpoint) {
    return { url: '', description: '', events: [...USER_WEBHOOK_EVENT_NAMES], isActive: true };
  }
  return {
    url: endpoint.url,
    description: endpoint.description ?? '',
    events: ownEvents(endpoint),
    isActive: endpoint.isActive,
  };
}

export function MyWebhookFormDialog({
  target,
  onClose,
}: {
  target: MyWebhookTarget;
  onClose: () => void;
}) {
  const editing = target?.mode === 'edit' ? target.endpoint : null;
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Webhook' : 'Add Webhook'}</DialogTitle>
          <DialogDescription>
            We POST a signed JSON message to this URL when one of the chosen events happens to one
            of your connections.
          </DialogDescription>
        </DialogHeader>
        {target ? <MyWebhookForm endpoint={editing} onSaved={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function MyWebhookForm({
  endpoint,
  onSaved,
}: {
  endpoint: WebhookEndpoint | null;
  onSaved: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => initialValues(endpoint));
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddMyWebhook();
  const update = useUpdateMyWebhook();
  const saving = add.isPending || update.isPending;

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own schema, so the form says what the server would.
    const parsed = UserWebhookInput.safeParse(values);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the form');
    setProblem(null);
    const onError = (error: Error) => setProblem(error.message);
    if (!endpoint) return add.mutate(parsed.data, { onSuccess: onSaved, onError });
    update.mutate(
      { id: endpoint.id, body: parsed.data },
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
      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`}>Endpoint URL</Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/utility-reports"
          value={values.url}
          onChange={(event) => set('url', event.target.value)}
          maxLength={2000}
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
        names={USER_WEBHOOK_EVENT_NAMES}
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
