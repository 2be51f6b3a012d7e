import type { ToastInput } from '@/components/ui/use-toast.ts';
import { ApiError } from './api.ts';

/** An exception nobody expected while confirming: said plainly, with what to try next. */
export const UNEXPECTED_ERROR_TOAST: ToastInput = {
  title: 'Error',
  description: 'An unexpected error occurred. Please try again.',
  variant: 'destructive',
};

const SETUP_FAILED_FALLBACK = 'Your payment method could not be added. Please try again.';

/** The card or its setup was refused, in the payment provider's words. */
export function setupFailedToast(message: string | null | undefined): ToastInput {
  return {
    title: 'Payment Setup Failed',
    description: message?.trim() || SETUP_FAILED_FALLBACK,
    variant: 'destructive',
  };
}

/**
 * A failure after the card form: the server's refusal (it re-reads the setup from the
 * provider) carries the provider's message; anything else is an unexpected error.
 */
export function setupErrorToast(error: unknown): ToastInput {
  if (error instanceof ApiError) return setupFailedToast(error.message);
  return UNEXPECTED_ERROR_TOAST;
}

/** Where the payment provider sends the browser back after a redirect (a bank's check). */
export function paymentReturnUrl(origin: string): string {
  return `${origin}/dashboard?payment=success`;
}
