import { CONNECTION_STATUSES, type Connection } from '@common/connections.ts';
import { type FormEvent, useId, useState } from 'react';
import { Field, selectClass } from '@/components/field.tsx';
import { DialogCancel, DialogFooter } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { statusLabel } from '@/lib/connection-display.ts';
import { showError } from '@/lib/error-toast.ts';
import { ConnectionDialog, type ConnectionDialogProps } from './connection-dialog.tsx';
import { ConnectionFiles } from './connection-files.tsx';
import {
  type ConnectionEdits,
  type ConnectionFormField,
  checkConnectionUpdate,
  connectionFormValues,
  shownValues,
} from './connection-form.ts';
import { useConnection, useUpdateConnection } from './use-connections.ts';

/** "Edit Connection Details": figures, status, notes, account, and files. */
export function EditConnectionDialog(props: ConnectionDialogProps) {
  return (
    <ConnectionDialog
      {...props}
      title="Edit Connection Details"
      className="max-w-3xl"
      more={(shown) => `submitted through ${shown.user.username}'s link`}
    >
      {(shown) => <EditConnectionForm shown={shown} onSaved={props.onClose} />}
    </ConnectionDialog>
  );
}

function EditConnectionForm({ shown, onSaved }: { shown: Connection; onSaved: () => void }) {
  const connection = useConnection(shown.id, shown).data ?? shown;
  const base = connectionFormValues(connection);
  const [edits, setEdits] = useState<ConnectionEdits>({});
  const values = shownValues(base, edits);
  const update = useUpdateConnection();
  const id = useId();

  function field(key: ConnectionFormField) {
    return {
      id: `${id}-${key}`,
      value: values[key],
      disabled: update.isPending,
      onChange: (event: { target: { value: string } }) =>
        setEdits((current) => ({ ...current, [key]: event.target.value })),
    };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkConnectionUpdate(base, edits);
    if (!checked.ok) {
      showError(checked.message);
      return;
    }
    if (Object.keys(checked.body).length === 0) return onSaved();
    update.mutate({ id: connection.id, body: checked.body }, { onSuccess: onSaved });
  }

  return (
    <div className="grid gap-6">
      <form
        id={`${id}-form`}
        noValidate
        onSubmit={submit}
        className="grid gap-4"
        aria-busy={update.isPending}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Start Date" htmlFor={`${id}-startDate`}>
            <Input type="date" max={values.endDate || undefined} {...field('startDate')} />
          </Field>
          <Field label="End Date" htmlFor={`${id}-endDate`}>
            <Input type="date" min={values.startDate || undefined} {...field('endDate')} />
          </Field>
          <Field label="Usage (kWh)" htmlFor={`${id}-usage`}>
            <Input type="number" inputMode="decimal" min={0} step={0.01} {...field('usage')} />
          </Field>
          <Field label="Cost ($)" htmlFor={`${id}-cost`}>
            <Input type="number" inputMode="decimal" min={0} step={0.01} {...field('cost')} />
          </Field>
          <Field label="Status" htmlFor={`${id}-status`}>
            <select className={`${selectClass} capitalize`} {...field('status')}>
              {CONNECTION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusLabel(status)}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Account Name" htmlFor={`${id}-accountName`}>
            <Input autoComplete="off" maxLength={200} {...field('accountName')} />
          </Field>
          <Field label="Account Number" htmlFor={`${id}-accountNumber`}>
            <Input autoComplete="off" maxLength={100} {...field('accountNumber')} />
          </Field>
          <Field label="Service Address" htmlFor={`${id}-serviceAddress`}>
            <Input autoComplete="off" maxLength={500} {...field('serviceAddress')} />
          </Field>
          <Field label="Notes" htmlFor={`${id}-notes`} className="sm:col-span-2">
            <textarea
              rows={3}
              maxLength={5000}
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-blue-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500/30 sm:text-sm"
              {...field('notes')}
            />
          </Field>
        </div>
        {values.status === 'complete' && connection.hasCredentials ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 text-sm">
            Completing the connection deletes the customer's utility login for good.
          </p>
        ) : null}
      </form>
      <div className="border-slate-200 border-t pt-5">
        <ConnectionFiles connectionId={connection.id} editable />
      </div>
      <DialogFooter className="border-slate-200 border-t pt-5">
        <DialogCancel disabled={update.isPending} />
        <Button type="submit" form={`${id}-form`} disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </div>
  );
}
