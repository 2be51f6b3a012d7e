import type { FixLinkView, LoginCheckView, NewLoginBody } from '@common/credential-check.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api.ts';

const POLL_MS = 1500;
const key = (token: string) => ['/api/login-check', token] as const;
const path = (token: string) => `/api/login-check/${encodeURIComponent(token)}`;

/**
 * GET /api/login-check/:token, read again while the check runs and the page still waits for
 * it (`waiting`); a page that stopped waiting keeps the last answer.
 */
export function useLoginCheck(token: string, waiting: boolean) {
  return useQuery<LoginCheckView>({
    queryKey: key(token),
    queryFn: () => apiRequest<LoginCheckView>('GET', path(token)),
    refetchInterval: (query) =>
      waiting && (query.state.data?.state ?? 'checking') === 'checking' ? POLL_MS : false,
  });
}

/** POST /api/login-check/:token/login: the refused login typed again; the check starts over. */
export function useRetypeLogin(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewLoginBody) =>
      apiRequest<LoginCheckView>('POST', `${path(token)}/login`, body),
    onSuccess: (view) => queryClient.setQueryData(key(token), view),
  });
}

/** GET /api/login-fix/:token: whether the emailed link still works. */
export function useFixLink(token: string) {
  return useQuery<FixLinkView>({
    queryKey: ['/api/login-fix', token],
    queryFn: () => apiRequest<FixLinkView>('GET', `/api/login-fix/${encodeURIComponent(token)}`),
    retry: false,
  });
}

/** POST /api/login-fix/:token: the login typed on the emailed page; spends the link. */
export function useSubmitFix(token: string) {
  return useMutation({
    mutationFn: (body: NewLoginBody) =>
      apiRequest<{ checkToken: string }>(
        'POST',
        `/api/login-fix/${encodeURIComponent(token)}`,
        body,
      ),
  });
}
