import { BillingPlanCard } from './billing-plan-card.tsx';
import { UsageList } from './usage-list.tsx';

/** The plan, card and subscription (GET /api/billing) and the usage records (GET /api/usage). */
export function UsageBillingTab({ onChoosePlan }: { onChoosePlan: () => void }) {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <BillingPlanCard onChoosePlan={onChoosePlan} />
      <UsageList />
    </div>
  );
}
