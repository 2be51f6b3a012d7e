import { type LoginCheckView, NewLoginBody } from '@common/credential-check.ts';
import { AlertCircle, CheckCircle2, Clock } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Field } from '@/components/field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { CodeRequest } from './code-request.tsx';
import { useLoginCheck, useRetypeLogin } from './use-login-check.ts';

/** How long the page waits for the check's answer before saying it goes on without them. */
const CHECK_WAIT_MS = 45_000;

/** The plain-words answer for a check that is over (or that the page stopped waiting for). */
function Outcome({ tone, children }: { tone: 'good' | 'wait'; children: React.ReactNode }) {
  const Icon = tone === 'good' ? CheckCircle2 : Clock;
  return (
    <p
      role="status"
      className={
        tone === 'good'
          ? 'flex items-start gap-2 text-emerald-800'
          : 'flex items-start gap-2 text-slate-700'
      }
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/**
 * The credential check the customer just started (the form, a new login, the emailed link),
 * followed on the page for a bounded time: signed in, refused (typed again here), a code asked
 * for (the code step), or "we keep trying".
 */
export function LoginCheck({ token }: { token: string }) {
  // The wait starts again with each new login typed here.
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [waitOver, setWaitOver] = useState(false);
  useEffect(() => {
    setWaitOver(false);
    const timer = setTimeout(() => setWaitOver(true), CHECK_WAIT_MS - (Date.now() - startedAt));
    return () => clearTimeout(timer);
  }, [startedAt]);
  const check = useLoginCheck(token, !waitOver);
  const view = check.data;

  let body: React.ReactNode;
  if (!view) {
    body = check.isError ? (
      <Outcome tone="wait">
        We could not get the result of the check just now. We will keep trying on our side; there is
        nothing you need to do now.
      </Outcome>
    ) : (
      <Checking providerName="your utility" />
    );
  } else if (view.state === 'checking') {
    body = waitOver ? (
      <Outcome tone="wait">
        Checking your login with {view.providerName} is taking longer than usual. We will keep
        trying, and we will email you if we need anything. There is nothing you need to do now.
      </Outcome>
    ) : (
      <Checking providerName={view.providerName} />
    );
  } else if (view.state === 'signed_in') {
    body = (
      <Outcome tone="good">
        We signed in to your {view.providerName} account. There is nothing else to do: you can close
        this page.
      </Outcome>
    );
  } else if (view.state === 'code') {
    body = <CodeRequest token={token} />;
  } else if (view.state === 'human') {
    body = (
      <Outcome tone="wait">
        The utility's website asks for a human check; our team will get the data by hand. There is
        nothing you need to do now.
      </Outcome>
    );
  } else if (view.state === 'later') {
    body = (
      <Outcome tone="wait">
        We could not reach {view.providerName} just now. We will keep trying, and someone from our
        team will look at it if needed. There is nothing you need to do now.
      </Outcome>
    );
  } else {
    body = <RetypeLogin token={token} view={view} onRetyped={() => setStartedAt(Date.now())} />;
  }
  return (
    <section
      aria-label="Login check"
      className="grid w-full gap-3 rounded-lg border border-slate-200 bg-white p-4 text-left"
    >
      {body}
    </section>
  );
}

function Checking({ providerName }: { providerName: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-slate-700">
      <Spinner label="" className="size-4" />
      Checking your login with {providerName}...
    </p>
  );
}

/** What the portal said, in the customer's words. */
export function refusalText(view: Pick<LoginCheckView, 'state' | 'providerName'>) {
  return view.state === 'locked'
    ? `${view.providerName} says your account is locked or disabled. Please unlock it with ${view.providerName} (usually by resetting your password), then enter your login again.`
    : `${view.providerName} did not accept this username and password. Please check them and try again.`;
}

/** The refused login typed again on the spot. */
function RetypeLogin({
  token,
  view,
  onRetyped,
}: {
  token: string;
  view: LoginCheckView;
  onRetyped: () => void;
}) {
  const retype = useRetypeLogin(token);
  return (
    <>
      <p role="alert" className="flex items-start gap-2 text-amber-800">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{refusalText(view)}</span>
      </p>
      <LoginFields
        initialUsername={view.username ?? ''}
        pending={retype.isPending}
        error={retype.isError ? retype.error.message : null}
        onSubmit={(body) => retype.mutate(body, { onSuccess: onRetyped })}
      />
    </>
  );
}

/**
 * The utility username and password, with the form's labels and checks: the username prefilled,
 * the password empty.
 */
export function LoginFields({
  initialUsername,
  pending,
  error,
  onSubmit,
}: {
  initialUsername: string;
  pending: boolean;
  error: string | null;
  onSubmit: (body: NewLoginBody) => void;
}) {
  const id = useId();
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ username?: string; password?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = NewLoginBody.safeParse({ username, password });
    if (!parsed.success) {
      const found: { username?: string; password?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'username' | 'password';
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    onSubmit(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <Field htmlFor={`${id}-username`} label="Utility account username" error={problems.username}>
        <Input
          id={`${id}-username`}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={200}
          aria-invalid={problems.username ? true : undefined}
        />
      </Field>
      <Field htmlFor={`${id}-password`} label="Utility account password" error={problems.password}>
        <Input
          id={`${id}-password`}
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="off"
          maxLength={200}
          aria-invalid={problems.password ? true : undefined}
        />
      </Field>
      {error ? (
        <p role="alert" className="text-red-700 text-sm">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? 'Sending...' : 'Check my login again'}
      </Button>
    </form>
  );
}
