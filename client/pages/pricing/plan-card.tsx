import { formatCents, type Plan } from '@common/plans.ts';
import { CheckList } from '@/components/check-list.tsx';
import { PricePerReport } from '@/components/price-per-report.tsx';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/utils.ts';

const ACCENT: Record<Plan['color'], { border: string; badge: string; check: string }> = {
  blue: { border: 'border-blue-600', badge: 'bg-blue-600', check: 'text-blue-600' },
  purple: { border: 'border-violet-600', badge: 'bg-violet-600', check: 'text-violet-600' },
};

export function PlanCard({ plan, onChoose }: { plan: Plan; onChoose: (plan: Plan) => void }) {
  const accent = ACCENT[plan.color];
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm transition-shadow hover:shadow-lg',
        plan.popular ? `border-2 ${accent.border}` : 'border-slate-200',
      )}
    >
      {plan.popular ? (
        <span
          className={cn(
            'absolute -top-3 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 font-semibold text-white text-xs',
            accent.badge,
          )}
        >
          Most Popular
        </span>
      ) : null}
      <h2 id={`plan-${plan.id}`} className="font-semibold text-slate-900 text-xl">
        {plan.name}
      </h2>
      <p className="mt-2 text-slate-600">{plan.description}</p>
      <PricePerReport cents={plan.pricePerReportCents} className="mt-6" />
      <p className="mt-1 text-slate-600 text-sm">
        {plan.monthlyFeeCents > 0
          ? `plus ${formatCents(plan.monthlyFeeCents)} per month`
          : 'No monthly fee'}
      </p>
      <CheckList
        large
        items={plan.features}
        checkClassName={accent.check}
        className="mt-6 flex-1"
      />
      <Button
        size="lg"
        className={cn('mt-8', plan.color === 'purple' && 'bg-violet-600 hover:bg-violet-700')}
        variant={plan.popular ? 'default' : 'outline'}
        onClick={() => onChoose(plan)}
      >
        {plan.buttonText}
      </Button>
    </article>
  );
}
