import { PRODUCT_NAME } from '@common/constants.ts';
import { Zap } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '@/lib/utils.ts';

/** The product mark and name, linking to the landing page. */
export function BrandLogo({
  className,
  inverse = false,
}: {
  className?: string;
  inverse?: boolean;
}) {
  return (
    <Link
      href="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-md font-bold text-base tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 sm:text-lg',
        inverse ? 'text-white' : 'text-slate-900',
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-blue-600 text-white">
        <Zap className="size-4.5" aria-hidden="true" />
      </span>
      {PRODUCT_NAME}
    </Link>
  );
}
