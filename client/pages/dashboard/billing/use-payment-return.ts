import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '@/components/ui/use-toast.ts';
import {
  invalidateAfterBillingChange,
  PAYMENT_METHOD_ADDED,
  useConfirmSetup,
} from '@/lib/billing-queries.ts';
import { setupErrorToast } from '@/lib/setup-outcome.ts';
import { readPaymentReturn, withoutPaymentReturn } from './payment-return.ts';

/** SetupIntents already sent to the server by this page load (StrictMode runs effects twice). */
const confirmed = new Set<string>();

/**
 * When Stripe redirected to /dashboard?payment=success&setup_intent=seti_..., the card is
 * stored by confirming the SetupIntent once; the address loses Stripe's parameters at once, so
 * a reload or the back button never confirms again.
 */
export function usePaymentReturn() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { mutate: confirmSetup } = useConfirmSetup();

  useEffect(() => {
    const returned = readPaymentReturn(search);
    if (!returned) return;
    const rest = withoutPaymentReturn(search);
    navigate(rest ? `/dashboard?${rest}` : '/dashboard', { replace: true });
    const { setupIntentId } = returned;
    if (!setupIntentId || confirmed.has(setupIntentId)) return;
    confirmed.add(setupIntentId);
    confirmSetup(
      { setupIntentId },
      {
        onSuccess: async () => {
          await invalidateAfterBillingChange(queryClient);
          toast({ ...PAYMENT_METHOD_ADDED, variant: 'success' });
        },
        onError: (error) => toast(setupErrorToast(error)),
      },
    );
  }, [search, navigate, queryClient, confirmSetup]);
}
