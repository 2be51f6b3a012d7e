import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/use-toast.ts';
import { invalidateAfterBillingChange, PAYMENT_METHOD_ADDED } from '@/lib/billing-queries.ts';

/**
 * The end of a successful setup: fresh user and billing data first, so the
 * dashboard opens without the Payment Required banner, then the toast and the dashboard.
 */
export function usePaymentMethodAdded(): () => Promise<void> {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    await invalidateAfterBillingChange(queryClient);
    toast({ ...PAYMENT_METHOD_ADDED, variant: 'success' });
    navigate('/dashboard');
  };
}
