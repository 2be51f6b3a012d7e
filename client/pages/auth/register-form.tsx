import { PASSWORD_MIN_LENGTH } from '@common/constants.ts';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useAuth } from '@/lib/auth.tsx';

export function RegisterForm() {
  const { registerMutation } = useAuth();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    registerMutation.mutate({
      username: String(form.get('username') ?? '').trim(),
      email: email === '' ? null : email,
      password: String(form.get('password') ?? ''),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-5" aria-label="Create account">
      <div className="grid gap-2">
        <Label htmlFor="register-username">Username</Label>
        <Input
          id="register-username"
          name="username"
          autoComplete="username"
          maxLength={50}
          required
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-email">
          Email <span className="font-normal text-slate-500">(optional)</span>
        </Label>
        <Input id="register-email" name="email" type="email" autoComplete="email" />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-password">Password</Label>
        <Input
          id="register-password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          aria-describedby="register-password-hint"
          required
        />
        <p id="register-password-hint" className="text-slate-500 text-xs">
          At least {PASSWORD_MIN_LENGTH} characters.
        </p>
      </div>
      <Button type="submit" size="lg" disabled={registerMutation.isPending}>
        {registerMutation.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
