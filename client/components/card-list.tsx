import type { ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';

/** A named list of cards, one per item (keyed by its id); `className` lays out the grid. */
export function CardList<T extends { id: number }>({
  label,
  items,
  className,
  children,
}: {
  label: string;
  items: readonly T[];
  className?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul aria-label={label} className={cn('grid grid-cols-1 gap-4', className)}>
      {items.map((item) => (
        <li key={item.id} className="grid grid-cols-1">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
