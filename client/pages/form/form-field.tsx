import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label.tsx';
import { cn } from '@/lib/utils.ts';

/** Looks of the native controls that have no primitive of ours (select, textarea). */
export const nativeControlClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus-visible:border-blue-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-500 sm:text-sm';

export const errorIdOf = (id: string) => `${id}-error`;

/** A label, its control, an optional hint and the inline error, stacked. */
export function FormField({
  id,
  label,
  optional = false,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  optional?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-slate-500"> (optional)</span>}
      </Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-slate-500 text-xs">
          {hint}
        </p>
      )}
      <FieldError id={errorIdOf(id)} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="font-medium text-red-600 text-sm">
      {message}
    </p>
  );
}
