import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils.ts';

/** An icon centred on a tile or a disc; the tile's size and colours are the caller's. */
export function IconBadge({
  icon: Icon,
  className,
  iconClassName = 'size-5',
}: {
  icon: LucideIcon;
  className: string;
  iconClassName?: string;
}) {
  return (
    <span className={cn('flex shrink-0 items-center justify-center', className)}>
      <Icon className={iconClassName} aria-hidden="true" />
    </span>
  );
}
