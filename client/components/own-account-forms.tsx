import type { User } from '@common/api.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type ComponentProps, type FormEvent, useId, useState } from 'react';
import { TextField } from '@/components/field.tsx';
import { FormSubmit } from '@/components/form-dialog-parts.tsx';
import { toast } from '@/components/ui/use-toast.ts';
import { apiRequest } from '@/lib/api.ts';
import { USER_QUERY_KEY } from '@/lib/auth.tsx';
import { newPasswordProblem } from '@/lib/password-rules.ts';

/**
 * The signed-in person's own email and password forms, the same for users (Account & API) and
 * admins (My Account).
 */

/** The account forms' inputs: required, and no longer than any address or password kept. */
function Field(props: ComponentProps<typeof TextField>) {
  return <TextField maxLength={256} required {...props} />;
}

/** Change Email: the new address, confirmed with the current password. */
export function ChangeEmailForm({ user }: { user: User }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(user.email ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => apiRequest<User>('PUT', '/api/user/email', { email, currentPassword }),
    onSuccess: (updated) => {
      queryClient.setQueryData(USER_QUERY_KEY, updated);
      setCurrentPassword('');
      toast({ title: 'Email Changed', description: `Notices now go to ${updated.email}.` });
    },
    onError: (error) => setProblem(error.message),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    save.mutate();
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid content-start gap-4"
      aria-label="Change email"
    >
      <h3 className="font-semibold text-slate-900">Change Email</h3>
      <Field
        id={`${id}-email`}
        label="New email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Field
        id={`${id}-password`}
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <FormSubmit
        problem={problem}
        className="justify-self-start"
        busy={save.isPending}
        busyLabel="Saving..."
      >
        Change Email
      </FormSubmit>
    </form>
  );
}

/** Change Password: the current one, then the new one twice; other sessions end. */
export function ChangePasswordForm() {
  const id = useId();
  const [values, setValues] = useState({ current: '', next: '', confirmation: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      apiRequest<{ message: string }>('PUT', '/api/user/password', {
        currentPassword: values.current,
        newPassword: values.next,
      }),
    onSuccess: (answer) => {
      setValues({ current: '', next: '', confirmation: '' });
      toast({ title: 'Password Changed', description: answer.message });
    },
    onError: (error) => setProblem(error.message),
  });
  const set = (key: keyof typeof values) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = values.current
      ? newPasswordProblem(values.next, values.confirmation)
      : 'Current password is required';
    setProblem(found);
    if (!found) save.mutate();
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid content-start gap-4"
      aria-label="Change password"
    >
      <h3 className="font-semibold text-slate-900">Change Password</h3>
      <Field
        id={`${id}-current`}
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={values.current}
        onChange={set('current')}
      />
      <Field
        id={`${id}-new`}
        label="New password"
        type="password"
        autoComplete="new-password"
        value={values.next}
        onChange={set('next')}
      />
      <Field
        id={`${id}-confirm`}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={values.confirmation}
        onChange={set('confirmation')}
      />
      <FormSubmit
        problem={problem}
        className="justify-self-start"
        busy={save.isPending}
        busyLabel="Saving..."
      >
        Change Password
      </FormSubmit>
    </form>
  );
}
