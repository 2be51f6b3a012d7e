import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/utils.ts';

/** Reads a list again now (the lists never refresh by themselves); it spins while reading. */
export function RefreshButton({
  query,
}: {
  query: { refetch: () => unknown; isFetching: boolean };
}) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => query.refetch()}
      disabled={query.isFetching}
    >
      <RefreshCw className={cn(query.isFetching && 'animate-spin')} aria-hidden="true" />
      Refresh
    </Button>
  );
}
