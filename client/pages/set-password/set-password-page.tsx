import { PASSWORD_MIN_LENGTH } from '@common/api.ts';
import type { PasswordTokenInfo } from '@common/users.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, KeyRound, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { BrandLogo } from '@/components/brand-logo.tsx';
import { TextField } from '@/components/field.tsx';
import { FormSubmit } from '@/components/form-dialog-parts.tsx';
import { LinkButton } from '@/components/link-button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { apiRequest } from '@/lib/api.ts';
import { newPasswordProblem } from '@/lib/password-rules.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';

const tokenInAddress = () => new URL(window.location.href).searchParams.get('token') ?? '';

/**
 * Takes the token out of the address bar once it is read, so it stays out of the history,
 * bookmarks and any Referer.
 */
function useForgetTokenInAddress() {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
  }, []);
}

/** /set-password?token=...: a new user's first password, or a forgotten one replaced. */
export default function SetPasswordPage() {
  const [token] = useState(tokenInAddress);
  useForgetTokenInAddress();
  const link = useQuery<PasswordTokenInfo>({
    queryKey: ['/api/password/check', token],
    queryFn: () => apiRequest<PasswordTokenInfo>('POST', '/api/password/check', { token }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const reset = link.data?.purpose === 'reset_password';
  usePageTitle(reset ? 'Reset your password' : 'Set your password');

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 px-4 py-8 sm:px-8">
      <BrandLogo className="self-start" />
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
        {link.isPending ? (
          <Spinner label="Checking your link..." />
        ) : link.isError ? (
          <DeadLink message={link.error.message} />
        ) : (
          <ChoosePassword token={token} info={link.data} />
        )}
      </main>
    </div>
  );
}

function DeadLink({ message }: { message: string }) {
  return (
    <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="flex items-center gap-2 font-bold text-2xl text-slate-900">
        <TriangleAlert className="size-6 text-amber-600" aria-hidden="true" />
        This link does not work
      </h1>
      <p className="text-slate-700">{message}</p>
      <p className="text-slate-600 text-sm">
        Ask your administrator for a new link, or request one yourself.
      </p>
      <div className="flex flex-wrap gap-3">
        <LinkButton href="/auth?forgot=1">Forgot password?</LinkButton>
        <LinkButton href="/auth" variant="outline">
          Sign In
        </LinkButton>
      </div>
    </section>
  );
}

function ChoosePassword({ token, info }: { token: string; info: PasswordTokenInfo }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      apiRequest<{ message: string }>('POST', '/api/password/set', { token, password }),
    onError: (error) => setProblem(error.message),
  });
  const reset = info.purpose === 'reset_password';

  if (save.isSuccess) {
    return (
      <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="flex items-center gap-2 font-bold text-2xl text-slate-900">
          <CheckCircle2 className="size-6 text-emerald-600" aria-hidden="true" />
          Password saved
        </h1>
        <p className="text-slate-700" role="status">
          {save.data.message}
        </p>
        <LinkButton href="/auth" className="justify-self-start">
          Sign In
        </LinkButton>
      </section>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = newPasswordProblem(password, confirmation);
    setProblem(found);
    if (!found) save.mutate();
  }

  return (
    <section className="grid gap-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="grid gap-2">
        <h1 className="flex items-center gap-2 font-bold text-2xl text-slate-900">
          <KeyRound className="size-6 text-blue-600" aria-hidden="true" />
          {reset ? 'Reset your password' : 'Set your password'}
        </h1>
        <p className="text-slate-600">
          {reset ? 'Choose a new password for ' : 'Choose the password you will sign in with as '}
          <strong className="text-slate-900">{info.username}</strong>. At least{' '}
          {PASSWORD_MIN_LENGTH} characters.
        </p>
      </div>
      <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={save.isPending}>
        <input type="hidden" name="username" autoComplete="username" value={info.username} />
        <TextField
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          maxLength={256}
          required
        />
        <TextField
          id="confirm-password"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          maxLength={256}
          required
        />
        <FormSubmit problem={problem} size="lg" busy={save.isPending} busyLabel="Saving...">
          Set password
        </FormSubmit>
      </form>
    </section>
  );
}
