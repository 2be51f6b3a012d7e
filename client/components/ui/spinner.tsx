import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils.ts';

/** A spinning indicator; with a label it is announced to screen readers as a status. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-slate-600">
      <Loader2 className={cn('size-6 animate-spin text-blue-600', className)} aria-hidden="true" />
      {label ? <span>{label}</span> : <span className="sr-only">Loading</span>}
    </span>
  );
}

/** A spinner centred in the viewport, for pages waiting on the session or their code. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Spinner label={label} className="size-8" />
    </div>
  );
}
