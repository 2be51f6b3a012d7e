import { PASSWORD_MIN_LENGTH } from '@common/constants.ts';
import type { FormEvent } from 'react';
import { TextField } from '@/components/field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { formText } from './form-text.ts';

export function RegisterForm() {
  const { registerMutation } = useAuth();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = formText(form, 'email').trim();
    registerMutation.mutate({
      username: formText(form, 'username').trim(),
      email: email === '' ? null : email,
      password: formText(form, 'password'),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-5" aria-label="Create account">
      <TextField
        id="register-username"
        label="Username"
        name="username"
        autoComplete="username"
        maxLength={50}
        required
      />
      <TextField
        id="register-email"
        label="Email"
        optional
        name="email"
        type="email"
        autoComplete="email"
      />
      <TextField
        id="register-password"
        label="Password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        required
      />
      <Button type="submit" size="lg" disabled={registerMutation.isPending}>
        {registerMutation.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
