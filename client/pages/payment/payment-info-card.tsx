import type { PlanId, SetupIntentResponse } from '@common/billing.ts';
import { CreditCard } from 'lucide-react';
import { TitledCard } from '@/components/titled-card.tsx';
import { CardContent } from '@/components/ui/card.tsx';
import { PAYMENT_FORM_UNAVAILABLE, StripeSetup } from './stripe-setup.tsx';
import { TestCardForm } from './test-card-form.tsx';
import { usePaymentMethodAdded } from './use-payment-method-added.ts';

/** The card form: Stripe's Payment Element, or the labelled test card in test mode. */
export function PaymentInfoCard({ setup, plan }: { setup: SetupIntentResponse; plan: PlanId }) {
  const onAdded = usePaymentMethodAdded();
  return (
    <TitledCard
      id="payment-info-title"
      icon={CreditCard}
      title="Payment Information"
      description={
        setup.testMode
          ? 'Test mode: no real card is collected.'
          : 'Your card is handled by our secure payment provider; we never see its number.'
      }
    >
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
    </TitledCard>
  );
}
