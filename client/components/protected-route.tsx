import type { Role } from '@common/api.ts';
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { homePathFor, signInPathFor } from '@/lib/redirects.ts';

/**
 * Shows its children to a signed-in user: a spinner while the session loads, the sign-in page
 * (coming back here afterwards) when signed out, and the user's own home when `requiredRole` differs.
 */
export function ProtectedRoute({
  requiredRole,
  children,
}: {
  requiredRole?: Role;
  children: ReactNode;
}) {
  const { user, isLoading } = useAuth();
  const [path] = useLocation();
  const search = useSearch();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Redirect to={signInPathFor(search ? `${path}?${search}` : path)} replace />;
  if (requiredRole && user.role !== requiredRole)
    return <Redirect to={homePathFor(user)} replace />;
  return children;
}
