import type { Provider } from '@common/providers.ts';
import { US_STATES } from '@common/states.ts';
import { AlertCircle } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import {
  checkNewProvider,
  checkProviderUpdate,
  EMPTY_PROVIDER_FORM,
  type ProviderFormValues,
  providerFormValues,
} from './provider-form.ts';
import { ProviderLogoField } from './provider-logo-field.tsx';
import { useCreateProvider, useUpdateProvider } from './use-providers.ts';

/** What the dialog edits: a new provider, an existing one, or nothing (closed). */
export type ProviderFormTarget = { mode: 'create' } | { mode: 'edit'; provider: Provider } | null;

export function ProviderFormDialog({
  target,
  onClose,
}: {
  target: ProviderFormTarget;
  onClose: () => void;
}) {
  const editing = target?.mode === 'edit' ? target.provider : null;
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Provider' : 'Add Provider'}</DialogTitle>
          <DialogDescription>
            {editing
              ? `Change ${editing.name}'s details, logo and login page selectors.`
              : 'Add a utility your customers can choose on the connection form.'}
          </DialogDescription>
        </DialogHeader>
        {target ? <ProviderForm provider={editing} onSaved={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ProviderForm({ provider, onSaved }: { provider: Provider | null; onSaved: () => void }) {
  const [values, setValues] = useState<ProviderFormValues>(() =>
    provider ? providerFormValues(provider) : EMPTY_PROVIDER_FORM,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const createProvider = useCreateProvider();
  const updateProvider = useUpdateProvider();
  const saving = createProvider.isPending || updateProvider.isPending;
  const id = useId();
  const missing = problem !== null;

  function set<K extends keyof ProviderFormValues>(key: K, value: ProviderFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (provider) {
      const checked = checkProviderUpdate(values);
      if (!checked.ok) return setProblem(checked.message);
      setProblem(null);
      updateProvider.mutate({ id: provider.id, body: checked.body }, { onSuccess: onSaved });
    } else {
      const checked = checkNewProvider(values);
      if (!checked.ok) return setProblem(checked.message);
      setProblem(null);
      createProvider.mutate(checked.body, { onSuccess: onSaved });
    }
  }

  const text = (
    key: 'url' | 'loginUrl' | 'usernameSelector' | 'passwordSelector' | 'submitSelector',
  ) => ({
    id: `${id}-${key}`,
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={saving}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" htmlFor={`${id}-name`} required>
          <Input
            id={`${id}-name`}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
            aria-required="true"
            aria-invalid={missing && values.name.trim() === '' ? true : undefined}
            autoComplete="off"
            placeholder="Pacific Gas and Electric"
          />
        </Field>
        <Field label="State" htmlFor={`${id}-state`} required>
          <select
            id={`${id}-state`}
            value={values.state}
            onChange={(event) => set('state', event.target.value)}
            aria-required="true"
            aria-invalid={missing && values.state === '' ? true : undefined}
            className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-blue-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500/30 sm:text-sm"
          >
            <option value="">Select a state</option>
            {/* A provider saved before the list was fixed keeps its value visible. */}
            {values.state && !(US_STATES as readonly string[]).includes(values.state) ? (
              <option value={values.state}>{values.state}</option>
            ) : null}
            {US_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Website" htmlFor={`${id}-url`}>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://www.example.com"
            {...text('url')}
          />
        </Field>
        <Field label="Login URL" htmlFor={`${id}-loginUrl`}>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://www.example.com/login"
            {...text('loginUrl')}
          />
        </Field>
      </div>

      <ProviderLogoField
        name={values.name}
        value={values.imageUrl}
        onChange={(imageUrl) => set('imageUrl', imageUrl)}
        disabled={saving}
      />

      {provider ? (
        <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 font-medium text-slate-800 text-sm">Login page selectors</legend>
          <p className="-mt-2 text-slate-500 text-xs">
            CSS selectors of the login form's fields, used to sign in to the utility's portal.
          </p>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Username Selector" htmlFor={`${id}-usernameSelector`}>
              <Input placeholder="#username" className="font-mono" {...text('usernameSelector')} />
            </Field>
            <Field label="Password Selector" htmlFor={`${id}-passwordSelector`}>
              <Input placeholder="#password" className="font-mono" {...text('passwordSelector')} />
            </Field>
            <Field label="Submit Selector" htmlFor={`${id}-submitSelector`}>
              <Input
                placeholder="button[type=submit]"
                className="font-mono"
                {...text('submitSelector')}
              />
            </Field>
          </div>
        </fieldset>
      ) : null}

      {provider ? (
        <label className="flex cursor-pointer items-center justify-between gap-4 rounded-lg border border-slate-200 p-4">
          <span>
            <span id={`${id}-active`} className="block font-medium text-slate-800 text-sm">
              Active
            </span>
            <span id={`${id}-active-note`} className="block text-slate-500 text-xs">
              Inactive providers are hidden from the customer form.
            </span>
          </span>
          <input
            type="checkbox"
            role="switch"
            aria-checked={values.isActive}
            aria-labelledby={`${id}-active`}
            aria-describedby={`${id}-active-note`}
            checked={values.isActive}
            onChange={(event) => set('isActive', event.target.checked)}
            className="peer sr-only"
          />
          <span
            aria-hidden="true"
            className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-blue-600 peer-checked:after:translate-x-5 peer-focus-visible:ring-2 peer-focus-visible:ring-blue-500 peer-focus-visible:ring-offset-2"
          />
        </label>
      ) : null}

      {problem ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-md bg-red-50 px-3 py-2 text-red-800 text-sm"
        >
          <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
          {problem}
        </p>
      ) : null}

      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={saving}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : provider ? 'Save Changes' : 'Add Provider'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function Field({
  label,
  htmlFor,
  required = false,
  children,
}: {
  label: string;
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={htmlFor}>
        {label}
        {required ? (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </Label>
      {children}
    </div>
  );
}
