import type { CredentialTestResult, PreLoginStep, SelectorDetection } from '@common/automation.ts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast.ts';
import { apiRequest } from '@/lib/api.ts';
import { showError } from '@/lib/error-toast.ts';

/**
 * POST /api/detect-selectors. A page the server could not analyse answers 200 with
 * `success: false`; for the admin it is an error like any other (an "Error" toast).
 */
export function useDetectSelectors() {
  return useMutation({
    mutationFn: async (loginUrl: string) => {
      const detection = await apiRequest<SelectorDetection>('POST', '/api/detect-selectors', {
        loginUrl,
      });
      if (!detection.success) throw new Error(detection.message);
      return detection;
    },
    onError: showError,
  });
}

/** What the modal tests: the login page and selectors as typed, saved or not. */
export type LoginTestBody = {
  loginUrl: string;
  /** Empty means "let the server detect it". */
  usernameSelector: string;
  passwordSelector: string;
  submitSelector: string;
  /** The clicks before the form, as the form holds them. */
  preLoginSteps?: PreLoginStep[];
  username: string;
  password: string;
};

/**
 * POST /api/verify-credentials; it takes as long as the portal does (often 20-30 s), so no
 * timeout of our own. A login that failed is an answer, not an error: toast "Failed" here,
 * the red panel in the section. `gcTime: 0` drops the finished mutation, and with it the test
 * password, from the cache once the modal is gone.
 */
export function useTestLogin() {
  return useMutation({
    mutationFn: (body: LoginTestBody) =>
      apiRequest<CredentialTestResult>('POST', '/api/verify-credentials', body),
    gcTime: 0,
    onSuccess: (result) => {
      if (result.success) {
        toast({ title: 'Credentials Valid', description: result.message, variant: 'success' });
      } else {
        toast({ title: 'Failed', description: result.message, variant: 'destructive' });
      }
    },
    onError: showError,
  });
}
