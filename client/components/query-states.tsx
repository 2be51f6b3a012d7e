import type { UseQueryResult } from '@tanstack/react-query';
import { AlertCircle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/utils.ts';

/** A load under way: a centred spinner naming what is loading. */
function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-12">
      <Spinner label={label} />
    </div>
  );
}

/**
 * A failed load: what failed, the server's words, and a retry (queries never retry by
 * themselves). `prominent` (the admin views) adds an alert sign before the title and more room.
 */
export function LoadFailed({
  title,
  message,
  onRetry,
  prominent = false,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  prominent?: boolean;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900',
        prominent && 'p-6',
      )}
    >
      <p className={cn('font-semibold', prominent && 'flex items-center gap-2')}>
        {prominent && <AlertCircle className="size-5" aria-hidden="true" />}
        {title}
      </p>
      <p className="text-sm">{message}</p>
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

/**
 * A query's loading and failed states said the usual way; once its data is there, the
 * children render it.
 */
export function QueryView<T>({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** "Loading usage..." */
  loading: string;
  /** What could not be loaded, as the failure's title. */
  failed: string;
  /** Shown instead of the children when the data is an empty list. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock label={loading} />;
  if (query.isError) {
    return (
      <LoadFailed title={failed} message={query.error.message} onRetry={() => query.refetch()} />
    );
  }
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) return empty;
  return children(query.data);
}
