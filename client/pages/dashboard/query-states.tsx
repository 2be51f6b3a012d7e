import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-12">
      <Spinner label={label} />
    </div>
  );
}

/** A failed load, with its message and a retry (queries never retry by themselves). */
export function LoadFailed({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900"
    >
      <p className="font-semibold">{title}</p>
      <p className="text-sm">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try Again
      </Button>
    </div>
  );
}
