import type { CredentialTestResult, PreLoginStep, RetrievalFindings } from '@common/automation.ts';
import { CheckCircle2, KeyRound, XCircle } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { BusyButton } from '@/components/busy-button.tsx';
import { Field } from '@/components/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import type { RetrievalField } from './retrieval-fields.tsx';
import { retrievalLine } from './retrieval-findings.ts';
import type { SavedSelectorField } from './selector-analysis.ts';
import { useTestLogin } from './use-login-tools.ts';

/**
 * Test Login: signs in to the portal on the server with the login
 * URL and selectors as they stand in the form, saved or not. The username and password live
 * only in this component's state, so they are gone when the modal closes.
 */
export function CredentialTestSection({
  loginUrl,
  selectors,
  preLoginSteps = [],
  retrieval,
}: {
  loginUrl: string;
  selectors: Record<SavedSelectorField, string>;
  /** The clicks before the form (a consent banner, what reveals it), as the form has them. */
  preLoginSteps?: PreLoginStep[];
  /** Where the retrieval looks after signing in, as the form has it. */
  retrieval: Record<RetrievalField, string>;
}) {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const testLogin = useTestLogin();
  const ready = username.trim() !== '' && password !== '';

  function run() {
    if (!ready || testLogin.isPending) return;
    testLogin.mutate({
      loginUrl: loginUrl.trim(),
      ...selectors,
      preLoginSteps,
      ...retrieval,
      username,
      password,
    });
  }

  // These inputs sit inside the provider form: Enter tests the login instead of saving.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    run();
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg border border-slate-200 p-4"
    >
      <div>
        <h3 id={`${id}-title`} className="font-medium text-slate-800 text-sm">
          Test Login
        </h3>
        <p className="text-slate-500 text-xs">
          Signs in to the portal with these selectors and an account you may use. The password is
          not stored.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Field label="Test Username" htmlFor={`${id}-username`}>
          <Input
            id={`${id}-username`}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            onKeyDown={onKeyDown}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <Field label="Test Password" htmlFor={`${id}-password`}>
          <Input
            id={`${id}-password`}
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onKeyDown={onKeyDown}
            autoComplete="new-password"
            data-1p-ignore
            data-lpignore="true"
          />
        </Field>
        <BusyButton
          type="button"
          onClick={run}
          disabled={!ready}
          icon={<KeyRound aria-hidden="true" />}
          busy={testLogin.isPending}
          busyLabel="Testing..."
        >
          Test Login
        </BusyButton>
      </div>
      {testLogin.isPending ? (
        <p role="status" className="text-slate-600 text-xs">
          Signing in to the portal. This can take up to 30 seconds.
        </p>
      ) : testLogin.data ? (
        <TestResult result={testLogin.data} />
      ) : null}
    </section>
  );
}

function TestResult({ result }: { result: CredentialTestResult }) {
  if (result.success) {
    return (
      <div
        role="status"
        className="flex gap-3 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900"
      >
        <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold text-sm">Credentials Valid</p>
          <p className="text-sm">{result.message}</p>
          {result.retrieval ? <RetrievalFound found={result.retrieval} /> : null}
        </div>
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-md border border-red-200 bg-red-50 p-3 text-red-900"
    >
      <XCircle className="size-5 shrink-0 text-red-600" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold text-sm">Credentials Invalid</p>
        <p className="text-sm">{result.message}</p>
      </div>
    </div>
  );
}

/** What the retrieval would fetch on this portal, for the admin to check the settings. */
function RetrievalFound({ found }: { found: RetrievalFindings }) {
  return (
    <div className="mt-2 grid gap-1 text-sm">
      <p className="font-semibold">Automated retrieval</p>
      <p>{retrievalLine(found)}</p>
      {found.notes.length > 0 ? (
        <p className="text-amber-800">Notes: {found.notes.join('; ')}</p>
      ) : null}
    </div>
  );
}
