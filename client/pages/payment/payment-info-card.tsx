import type { PlanId, SetupIntentResponse } from '@common/billing.ts';
import { CreditCard } from 'lucide-react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card.tsx';
import { PAYMENT_FORM_UNAVAILABLE, StripeSetup } from './stripe-setup.tsx';
import { TestCardForm } from './test-card-form.tsx';
import { usePaymentMethodAdded } from './use-payment-method-added.ts';

/** The card form: Stripe's Payment Element, or the labelled test card in test mode. */
export function PaymentInfoCard({ setup, plan }: { setup: SetupIntentResponse; plan: PlanId }) {
  const onAdded = usePaymentMethodAdded();
  return (
    <Card asChild aria-labelledby="payment-info-title">
      <section>
        <CardHeader>
          <CardTitle id="payment-info-title" className="flex items-center gap-2">
            <CreditCard className="size-5 text-blue-600" aria-hidden="true" />
            Payment Information
          </CardTitle>
          <CardDescription>
            {setup.testMode
              ? 'Test mode: no real card is collected.'
              : 'Your card is handled by our secure payment provider; we never see its number.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {setup.testMode ? (
            <TestCardForm plan={plan} onAdded={onAdded} />
          ) : setup.publishableKey ? (
            <StripeSetup
              publishableKey={setup.publishableKey}
              clientSecret={setup.clientSecret}
              onAdded={onAdded}
            />
          ) : (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900 text-sm">
              {PAYMENT_FORM_UNAVAILABLE}
            </p>
          )}
        </CardContent>
      </section>
    </Card>
  );
}
