import { MFA_TEXT } from '@common/mfa.ts';
import { AlertCircle, CheckCircle2, KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAnswerCode, useCodeRequest } from './use-code-request.ts';

/**
 * The customer's answer to their utility's one-time code request: where the code goes (when
 * the portal offers a choice), then the code itself. On the form's success screen it appears
 * only if the portal asks (`watchFor` ms after submitting); on the code page it always says
 * where things stand.
 */
export function CodeRequest({ token, watchFor = 0 }: { token: string; watchFor?: number }) {
  const request = useCodeRequest(token, watchFor);
  const answer = useAnswerCode(token);
  const [code, setCode] = useState('');
  const id = useId();
  const view = request.data;
  const onSuccessScreen = watchFor > 0;

  if (!view) {
    if (onSuccessScreen) return null;
    return request.isError ? (
      <p role="alert" className="text-red-700">
        {request.error.message}
      </p>
    ) : (
      <Spinner label="Loading..." className="size-6" />
    );
  }
  if (view.status === 'none' && onSuccessScreen) return null;

  const provider = view.providerName ?? 'Your utility';
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    answer.mutate({ what: 'code', body: { code } });
  };
  return (
    <section
      aria-label="Verification code"
      className="grid w-full gap-3 rounded-lg border border-blue-200 bg-blue-50/60 p-4 text-left"
    >
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        <KeyRound className="size-4 text-blue-700" aria-hidden="true" />
        {provider} verification code
      </h2>
      {view.status === 'none' ? <p className="text-slate-700">{MFA_TEXT.notWaiting}</p> : null}
      {view.status === 'waiting_choice' ? (
        <>
          <p className="text-slate-700">{MFA_TEXT.choose}</p>
          <div className="grid gap-2">
            {view.options.map((option) => (
              <Button
                key={option}
                variant="outline"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ what: 'choice', body: { option } })}
              >
                {option}
              </Button>
            ))}
          </div>
        </>
      ) : null}
      {view.status === 'waiting_code' ? (
        <form onSubmit={submitCode} className="grid gap-2">
          <label htmlFor={`${id}-code`} className="text-slate-700">
            {MFA_TEXT.enter}
          </label>
          <div className="flex gap-2">
            <Input
              id={`${id}-code`}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={20}
              className="font-mono"
            />
            <Button type="submit" disabled={answer.isPending || code.trim() === ''}>
              Submit code
            </Button>
          </div>
        </form>
      ) : null}
      {view.status === 'checking' ? (
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Spinner label="" className="size-4" />
          {MFA_TEXT.checking}
        </p>
      ) : null}
      {view.status === 'succeeded' ? (
        <p role="status" className="flex items-center gap-2 text-emerald-800">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          {view.message ?? MFA_TEXT.succeeded}
        </p>
      ) : null}
      {view.status === 'failed' || view.status === 'expired' ? (
        <p role="status" className="flex items-center gap-2 text-amber-800">
          <AlertCircle className="size-4" aria-hidden="true" />
          {view.message ?? MFA_TEXT.expired}
        </p>
      ) : null}
      {answer.isError ? (
        <p role="alert" className="text-red-700 text-sm">
          {answer.error.message}
        </p>
      ) : null}
    </section>
  );
}
