import type { BillingTerms, ConfirmSetupBody } from '@common/billing.ts';
import { DEFAULT_REPORT_DEADLINE_DAYS } from '@common/report-deadline.ts';
import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { USER_QUERY_KEY } from './auth.tsx';

/** GET /api/usage: the signed-in user's usage records and their total. */
export const USAGE_QUERY_KEY = ['/api/usage'] as const;
/** GET /api/billing: plan, card, subscription and mode. */
export const BILLING_QUERY_KEY = ['/api/billing'] as const;
/** GET /api/my-connections: a report request changes what a connection offers. */
export const MY_CONNECTIONS_QUERY_KEY = ['/api/my-connections'] as const;

/**
 * GET /api/billing/terms: the days an undelivered report may wait past its turnaround before it
 * is refunded, as this server is set; the usual figure until the answer comes.
 */
export function useReportDeadlineDays(): number {
  const terms = useQuery<BillingTerms>({ queryKey: ['/api/billing/terms'], staleTime: Infinity });
  return terms.data?.reportDeadlineDays ?? DEFAULT_REPORT_DEADLINE_DAYS;
}

/** GET /api/my/reports: a paid request leads to a report on the connection. */
export const MY_REPORTS_QUERY_KEY = ['/api/my/reports'] as const;

/**
 * Every query a billing change can alter: the user (payment method and plan), usage, the
 * billing summary and the connections. Resolves once the ones on screen are fetched again.
 */
export function invalidateAfterBillingChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      USER_QUERY_KEY,
      USAGE_QUERY_KEY,
      BILLING_QUERY_KEY,
      MY_CONNECTIONS_QUERY_KEY,
      MY_REPORTS_QUERY_KEY,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** What the user sees once a payment method is stored. */
export const PAYMENT_METHOD_ADDED = {
  title: 'Payment Method Added',
  description: 'Your payment method has been successfully added!',
} as const;

/**
 * POST /api/billing/confirm-setup: after Stripe confirmed the SetupIntent (on the payment page,
 * or on the dashboard when Stripe redirected back), the server re-reads it and stores the card.
 */
export function useConfirmSetup() {
  return useMutation({
    mutationFn: (body: ConfirmSetupBody) =>
      apiRequest<unknown>('POST', '/api/billing/confirm-setup', body),
  });
}
