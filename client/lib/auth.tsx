import type { LoginBody, User } from '@common/api.ts';
import {
  type UseMutationResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { useLocation } from 'wouter';
import { apiRequest } from './api.ts';
import { showErrorAs } from './error-toast.ts';
import { getQueryFn } from './query-client.ts';

export const USER_QUERY_KEY = ['/api/user'] as const;

/** What the register form sends; an empty email goes to the server as null (no email given). */
export type RegisterInput = { username: string; email: string | null; password: string };

type AuthContextValue = {
  user: User | null;
  isLoading: boolean;
  loginMutation: UseMutationResult<User, Error, LoginBody>;
  registerMutation: UseMutationResult<User, Error, RegisterInput>;
  logoutMutation: UseMutationResult<unknown, Error, void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/** Holds the session: who is signed in, and the sign-in, registration and sign-out calls. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { data, isLoading } = useQuery<User | null>({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
  });

  /** Starts from a clean cache so nothing of a previous account stays visible. */
  function setSignedInUser(user: User | null) {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
    queryClient.setQueryData(USER_QUERY_KEY, user);
  }

  const loginMutation = useMutation({
    mutationFn: (body: LoginBody) => apiRequest<User>('POST', '/api/login', body),
    onSuccess: setSignedInUser,
    onError: showErrorAs({ title: 'Login failed' }),
  });

  const registerMutation = useMutation({
    mutationFn: (body: RegisterInput) => apiRequest<User>('POST', '/api/register', body),
    onSuccess: setSignedInUser,
    onError: showErrorAs({ title: 'Registration failed' }),
  });

  const logoutMutation = useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSuccess: () => {
      // Leave the protected page first, so it does not bounce to the sign-in page.
      navigate('/');
      setSignedInUser(null);
    },
    onError: showErrorAs({ title: 'Logout failed' }),
  });

  return (
    <AuthContext.Provider
      value={{ user: data ?? null, isLoading, loginMutation, registerMutation, logoutMutation }}
    >
      {children}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
