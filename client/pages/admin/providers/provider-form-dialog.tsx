import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@common/countries.ts';
import type { Provider } from '@common/providers.ts';
import { US_STATES } from '@common/states.ts';
import { type FormEvent, useId, useState } from 'react';
import { Field, selectClass } from '@/components/field.tsx';
import { FormProblem, SaveCancelFooter } from '@/components/form-dialog-parts.tsx';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { SwitchField } from '@/components/ui/switch-field.tsx';
import { CredentialTestSection } from './credential-test-section.tsx';
import { KnownSelectorsNote } from './known-selectors-note.tsx';
import {
  checkNewProvider,
  checkProviderUpdate,
  EMPTY_PROVIDER_FORM,
  type ProviderFormValues,
  providerFormValues,
  savesSelectorsOnCreate,
} from './provider-form.ts';
import { ProviderHealthSection } from './provider-health-section.tsx';
import { ProviderLogoField } from './provider-logo-field.tsx';
import { RetrievalFields } from './retrieval-fields.tsx';
import { applyChoice } from './selector-analysis.ts';
import { SelectorAnalysisSection } from './selector-analysis-section.tsx';
import { SelectorFields } from './selector-fields.tsx';
import { SelectorsNotSavedError, useCreateProvider, useUpdateProvider } from './use-providers.ts';

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
    <ModalDialog
      open={target !== null}
      onClose={onClose}
      className="max-w-2xl"
      title={editing ? 'Edit Provider' : 'Add Provider'}
      description={
        editing
          ? `Change ${editing.name}'s details, logo and login page selectors.`
          : 'Add a utility your customers can choose on the connection form.'
      }
    >
      {target ? <ProviderForm provider={editing} onSaved={onClose} /> : null}
    </ModalDialog>
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
  const us = values.country === 'US';
  // The selector and test sections need a login page to work on, so they wait for its URL.
  const hasLoginUrl = values.loginUrl.trim() !== '';

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
      // POST takes no selectors: chosen ones follow in a PUT.
      const withSelectors = savesSelectorsOnCreate(values) ? checkProviderUpdate(values) : null;
      if (withSelectors && !withSelectors.ok) return setProblem(withSelectors.message);
      setProblem(null);
      createProvider.mutate(
        { body: checked.body, selectors: withSelectors?.body ?? null },
        {
          onSuccess: onSaved,
          onError: (error) => {
            if (error instanceof SelectorsNotSavedError) onSaved();
          },
        },
      );
    }
  }

  const text = (key: 'url' | 'loginUrl') => ({
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
        <Field label="Country" htmlFor={`${id}-country`} required>
          <select
            id={`${id}-country`}
            value={values.country}
            onChange={(event) => {
              const country = event.target.value as CountryCode;
              // Another country's state and zone mean nothing here: choose them again.
              setValues((v) => ({ ...v, country, state: '', timeZone: '' }));
            }}
            className={selectClass}
          >
            {COUNTRY_CODES.map((code) => (
              <option key={code} value={code}>
                {COUNTRIES[code].name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={us ? 'State' : COUNTRIES[values.country].regionLabel}
          htmlFor={`${id}-state`}
          required
        >
          {us ? (
            <select
              id={`${id}-state`}
              value={values.state}
              onChange={(event) => set('state', event.target.value)}
              aria-required="true"
              aria-invalid={missing && values.state === '' ? true : undefined}
              className={selectClass}
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
          ) : (
            <Input
              id={`${id}-state`}
              value={values.state}
              onChange={(event) => set('state', event.target.value)}
              aria-required="true"
              aria-invalid={missing && values.state.trim() === '' ? true : undefined}
              autoComplete="off"
              maxLength={100}
            />
          )}
        </Field>
        <Field
          label="Time zone"
          htmlFor={`${id}-time-zone`}
          required={!us}
          hint="The utility's files are read in this local time when they do not say theirs."
        >
          <select
            id={`${id}-time-zone`}
            value={values.timeZone}
            onChange={(event) => set('timeZone', event.target.value)}
            aria-required={us ? undefined : 'true'}
            aria-invalid={missing && !us && values.timeZone === '' ? true : undefined}
            aria-describedby={`${id}-time-zone-hint`}
            className={selectClass}
          >
            <option value="">{us ? "The state's time zone" : 'Select a time zone'}</option>
            {COUNTRIES[values.country].zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
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

      {hasLoginUrl ? (
        <SelectorAnalysisSection
          loginUrl={values.loginUrl}
          onUse={(choice, preLoginSteps) =>
            // The clicks belong to the form just analysed: an older analysis's are replaced.
            setValues((current) => ({ ...applyChoice(current, choice), preLoginSteps }))
          }
        />
      ) : null}

      {provider || hasLoginUrl ? (
        <SelectorFields
          values={values}
          onChange={(key, value) => set(key, value)}
          preLoginSteps={values.preLoginSteps}
          onClearSteps={() => set('preLoginSteps', [])}
        />
      ) : null}

      {provider ? <KnownSelectorsNote origin={provider.knownSelectors} /> : null}

      {provider || hasLoginUrl ? (
        <RetrievalFields
          values={values}
          onChange={(key, value) => set(key, value)}
          automatic={values.retrieveAutomatically}
          onAutomaticChange={(on) => set('retrieveAutomatically', on)}
        />
      ) : null}

      {hasLoginUrl ? (
        <CredentialTestSection
          loginUrl={values.loginUrl}
          selectors={{
            usernameSelector: values.usernameSelector,
            passwordSelector: values.passwordSelector,
            submitSelector: values.submitSelector,
          }}
          preLoginSteps={values.preLoginSteps}
          retrieval={{
            billsPage: values.billsPage,
            usagePage: values.usagePage,
            exportControl: values.exportControl,
          }}
        />
      ) : null}

      {provider ? <ProviderHealthSection providerId={provider.id} /> : null}

      {provider ? (
        <SwitchField
          label="Active"
          note="Inactive providers are hidden from the customer form."
          checked={values.isActive}
          onCheckedChange={(checked) => set('isActive', checked)}
        />
      ) : null}

      <FormProblem problem={problem} />
      <SaveCancelFooter saving={saving} submitLabel={provider ? 'Save Changes' : 'Add Provider'} />
    </form>
  );
}
