import { formatCents, type Plan } from '@common/plans.ts';
import { CheckList } from '@/components/check-list.tsx';
import { PricePerReport } from '@/components/price-per-report.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { CardContent } from '@/components/ui/card.tsx';

export function PlanSummaryCard({ plan }: { plan: Plan }) {
  return (
    <TitledCard id="plan-summary-title" title={plan.name} description={plan.description}>
      <CardContent>
        <PricePerReport compact cents={plan.pricePerReportCents} />
        <CheckList items={plan.features} className="mt-5" />
        <dl className="mt-6 space-y-2 border-slate-200 border-t pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-600">Setup fee</dt>
            <dd className="font-medium text-slate-900">{formatCents(plan.setupFeeCents)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-600">Monthly fee</dt>
            <dd className="font-medium text-slate-900">{formatCents(plan.monthlyFeeCents)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-600">Per report</dt>
            <dd className="font-medium text-slate-900">{formatCents(plan.pricePerReportCents)}</dd>
          </div>
        </dl>
        <p className="mt-4 rounded-md bg-blue-50 p-3 text-blue-900 text-sm">
          Charges apply only when reports are requested
          {plan.monthlyFeeCents > 0
            ? `, plus the ${formatCents(plan.monthlyFeeCents)} monthly fee, billed at the end of each month.`
            : '.'}
        </p>
      </CardContent>
    </TitledCard>
  );
}
