import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed } from '@/components/query-states.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { PageInfo } from '@/lib/list-params.ts';
import { cn } from '@/lib/utils.ts';
import { NoMatch } from './no-match.tsx';
import { Pagination } from './pagination.tsx';

type Page = Required<PageInfo> & { items: readonly unknown[] };

/**
 * A paged list of `noun` ("connections") in every state: loading; failed (while no earlier page
 * is shown); a page with its pagination, dimmed while the next one loads; or nothing to show,
 * said as what to do: back to the first page, clear the filters (`narrowed`), or `empty`.
 */
export function PagedResults<T extends Page>({
  query,
  noun,
  onPage,
  narrowed,
  onClear,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  noun: string;
  onPage: (page: number) => void;
  narrowed: boolean;
  onClear: () => void;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const data = query.data;
  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={`Loading ${noun}...`} />
      </div>
    );
  }
  if (query.isError && !data) {
    return (
      <LoadFailed
        prominent
        title={`Failed to load ${noun}`}
        message={query.error.message}
        onRetry={() => query.refetch()}
      />
    );
  }
  if (!data || data.items.length === 0) {
    if (data && data.total > 0) {
      return (
        <NoMatch
          title="This page is empty"
          clearLabel="Go to the first page"
          onClear={() => onPage(1)}
        />
      );
    }
    if (narrowed) return <NoMatch title={`No ${noun} match these filters`} onClear={onClear} />;
    return empty;
  }
  return (
    <div
      className={cn('grid gap-4 transition-opacity', query.isPlaceholderData && 'opacity-60')}
      aria-busy={query.isFetching}
    >
      {children(data)}
      <Pagination data={data} onPage={onPage} />
    </div>
  );
}
