import type { MfaChallengeView } from '@common/mfa.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '@/lib/api.ts';

const POLL_MS = 2000;
const key = (token: string) => ['/api/mfa', token] as const;

/** Whether the request still changes by itself (the portal's browser moves it on). */
function isLive(status: MfaChallengeView['status'] | undefined): boolean {
  return status === 'waiting_choice' || status === 'waiting_code' || status === 'checking';
}

/**
 * GET /api/mfa/:token, re-read while the request moves. `watchFor` keeps reading while nothing
 * is asked yet (the form's success screen: a portal that asks at once shows up there).
 */
export function useCodeRequest(token: string, watchFor = 0) {
  // When the screen first showed: the watch ends `watchFor` after it, not after each render.
  const [started] = useState(() => Date.now());
  return useQuery<MfaChallengeView>({
    queryKey: key(token),
    queryFn: () => apiRequest<MfaChallengeView>('GET', `/api/mfa/${encodeURIComponent(token)}`),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (isLive(status)) return POLL_MS;
      if (status === 'none' && Date.now() - started < watchFor) return POLL_MS;
      return false;
    },
  });
}

/** POST /api/mfa/:token/choice or /code; the answer is the request as it now stands. */
export function useAnswerCode(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ what, body }: { what: 'choice' | 'code'; body: object }) =>
      apiRequest<MfaChallengeView>('POST', `/api/mfa/${encodeURIComponent(token)}/${what}`, body),
    onSuccess: (view) => queryClient.setQueryData(key(token), view),
    onError: () => queryClient.invalidateQueries({ queryKey: key(token) }),
  });
}
