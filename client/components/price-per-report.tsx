import { formatCents } from '@common/plans.ts';
import { cn } from '@/lib/utils.ts';

/** "$29.99 per report", the price large: on the pricing pages and the payment page alike. */
export function PricePerReport({
  cents,
  compact = false,
  className,
}: {
  cents: number;
  /** A card's size rather than a pricing page's. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <p className={cn('flex items-baseline gap-1', className)}>
      <span className={cn('font-bold text-slate-900', compact ? 'text-3xl' : 'text-4xl')}>
        {formatCents(cents)}
      </span>
      <span className="text-slate-600">per report</span>
    </p>
  );
}
