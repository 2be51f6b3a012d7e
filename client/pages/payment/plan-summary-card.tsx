import { formatCents, type Plan } from '@common/plans.ts';
import { Check } from 'lucide-react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card.tsx';

export function PlanSummaryCard({ plan }: { plan: Plan }) {
  return (
    <Card asChild aria-labelledby="plan-summary-title">
      <section>
        <CardHeader>
          <CardTitle id="plan-summary-title">{plan.name}</CardTitle>
          <CardDescription>{plan.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="flex items-baseline gap-1">
            <span className="font-bold text-3xl text-slate-900">
              {formatCents(plan.pricePerReportCents)}
            </span>
            <span className="text-slate-600">per report</span>
          </p>
          <ul className="mt-5 space-y-2">
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-2 text-slate-700 text-sm">
                <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
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
              <dd className="font-medium text-slate-900">
                {formatCents(plan.pricePerReportCents)}
              </dd>
            </div>
          </dl>
          <p className="mt-4 rounded-md bg-blue-50 p-3 text-blue-900 text-sm">
            Charges apply only when reports are requested
            {plan.monthlyFeeCents > 0
              ? `, plus the ${formatCents(plan.monthlyFeeCents)} monthly fee, billed at the end of each month.`
              : '.'}
          </p>
        </CardContent>
      </section>
    </Card>
  );
}
