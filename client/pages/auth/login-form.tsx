import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { TextField } from '@/components/field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { formText } from './form-text.ts';

export function LoginForm() {
  const { loginMutation } = useAuth();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    loginMutation.mutate({
      username: formText(form, 'username'),
      password: formText(form, 'password'),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-5" aria-label="Sign in">
      <TextField
        id="login-username"
        label="Username"
        name="username"
        autoComplete="username"
        required
      />
      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor="login-password">Password</Label>
          <Link href="/auth?forgot=1" className="text-blue-600 text-sm hover:underline">
            Forgot password?
          </Link>
        </div>
        <Input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
      </div>
      <Button type="submit" size="lg" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
