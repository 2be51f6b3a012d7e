import { AlertCircle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';

/** A failed load: what failed, the server's words, and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-6 text-red-900"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertCircle className="size-5" aria-hidden="true" />
        {title}
      </p>
      <p className="text-sm">{error.message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try Again
      </Button>
    </div>
  );
}

/** Nothing to show, said plainly, with what to do about it. */
export function EmptyState({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-slate-300 border-dashed bg-white px-6 py-16 text-center">
      {icon}
      <p className="font-semibold text-slate-900">{title}</p>
      {children}
    </div>
  );
}
