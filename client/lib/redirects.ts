import type { User } from '@common/api.ts';

const PLACEHOLDER_ORIGIN = 'http://placeholder.invalid';

/**
 * The `redirect` query value when it is a path on this site, else null. Only paths starting
 * with a single '/' pass, so `//evil.example`, `/\evil.example` and absolute URLs never do.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  try {
    // The URL parser drops tabs and newlines ("/\t/evil" becomes "//evil"): check what it sees.
    const url = new URL(value, PLACEHOLDER_ORIGIN);
    if (url.origin !== PLACEHOLDER_ORIGIN) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Where a signed-in user belongs: admins to the admin shell, everyone else to the dashboard. */
export function homePathFor(user: Pick<User, 'role'>): string {
  return user.role === 'admin' ? '/admin' : '/dashboard';
}

/** Where to go after signing in: the safe redirect when given, else the user's home. */
export function afterSignInPath(user: Pick<User, 'role'>, redirect: string | null): string {
  return safeRedirectPath(redirect) ?? homePathFor(user);
}

/** The sign-in address that brings the visitor back to `pathAndSearch` afterwards. */
export function signInPathFor(pathAndSearch: string): string {
  return `/auth?redirect=${encodeURIComponent(pathAndSearch)}`;
}
