import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { TextField } from '@/components/field.tsx';
import { FormSubmit } from '@/components/form-dialog-parts.tsx';
import { apiRequest } from '@/lib/api.ts';

/**
 * Forgot password: asks for the username or email; the server answers the same whether or not
 * the account exists, and mails a reset link when it does.
 */
export function ForgotPasswordForm() {
  const [identifier, setIdentifier] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: () =>
      apiRequest<{ message: string }>('POST', '/api/password/forgot', { identifier }),
    onError: (error) => setProblem(error.message),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (identifier.trim() === '') return setProblem('Please enter your username or email');
    setProblem(null);
    request.mutate();
  }

  return (
    <div className="mt-8 grid gap-5">
      {request.isSuccess ? (
        <p
          role="status"
          className="flex items-start gap-3 rounded-md bg-emerald-50 px-4 py-3 text-emerald-900 text-sm"
        >
          <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          {request.data.message}
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Reset password">
          <TextField
            id="forgot-identifier"
            label="Username or email"
            autoComplete="username"
            value={identifier}
            maxLength={254}
            onChange={(event) => setIdentifier(event.target.value)}
            required
          />
          <FormSubmit problem={problem} size="lg" busy={request.isPending} busyLabel="Sending...">
            Email me a reset link
          </FormSubmit>
        </form>
      )}
      <Link href="/auth" className="text-blue-600 text-sm hover:underline">
        Back to Sign In
      </Link>
    </div>
  );
}
