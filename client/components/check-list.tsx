import { Check } from 'lucide-react';
import { cn } from '@/lib/utils.ts';

/** What a plan or a feature gives, one ticked line each. */
export function CheckList({
  items,
  large = false,
  checkClassName = 'text-emerald-600',
  className,
}: {
  items: readonly string[];
  /** The pricing pages' size; the cards' and dialogs' by default. */
  large?: boolean;
  checkClassName?: string;
  className?: string;
}) {
  return (
    <ul className={cn(large ? 'space-y-3' : 'grid gap-1.5 text-sm', className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2 text-slate-700">
          <Check
            className={cn('mt-0.5 shrink-0', large ? 'size-5' : 'size-4', checkClassName)}
            aria-hidden="true"
          />
          {item}
        </li>
      ))}
    </ul>
  );
}
