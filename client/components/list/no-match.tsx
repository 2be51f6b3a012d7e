import { SearchX } from 'lucide-react';
import { EmptyState } from '@/components/query-states.tsx';
import { Button } from '@/components/ui/button.tsx';

/** A filtered list that came back empty, and the way back to all of it. */
export function NoMatch({
  title,
  clearLabel = 'Clear filters',
  onClear,
}: {
  title: string;
  clearLabel?: string;
  onClear: () => void;
}) {
  return (
    <EmptyState
      icon={<SearchX className="size-10 text-slate-400" aria-hidden="true" />}
      title={title}
    >
      <Button variant="outline" size="sm" onClick={onClear}>
        {clearLabel}
      </Button>
    </EmptyState>
  );
}
