import { newPassword } from '@common/api.ts';

/**
 * A new password and its confirmation, checked before sending: the server's own rules (length),
 * then that both match. Null when they are fine.
 */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  const parsed = newPassword.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Please choose another password';
  if (password !== confirmation) return 'The two passwords do not match';
  return null;
}
