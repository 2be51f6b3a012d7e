import type { ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';

/** A card's name (the heading that names the card) and the line under it. */
export function CardHeading({
  id,
  title,
  subtitle,
  className,
}: {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <h3 id={id} className="break-words font-semibold text-slate-900 leading-tight">
        {title}
      </h3>
      {subtitle ? <p className="mt-1 break-words text-slate-600 text-sm">{subtitle}</p> : null}
    </div>
  );
}
