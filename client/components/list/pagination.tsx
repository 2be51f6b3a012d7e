import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { type PageInfo, pageCount, pageWindow, paginationText } from '@/lib/list-params.ts';

/** "Showing X to Y of N results", Previous, the page numbers, Next: every admin list's pages. */
export function Pagination({
  data,
  onPage,
}: {
  data: Required<PageInfo> & { items: readonly unknown[] };
  onPage: (page: number) => void;
}) {
  const pages = pageCount(data);
  const hasNext = data.totalCapped ? data.items.length === data.pageSize : data.page < pages;
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-col items-center justify-between gap-3 sm:flex-row"
    >
      <p className="text-slate-600 text-sm" aria-live="polite">
        {paginationText(data)}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <Button
          variant="outline"
          size="sm"
          disabled={data.page <= 1}
          onClick={() => onPage(data.page - 1)}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        {pageWindow(data.page, pages).map((page, index) =>
          page === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place
            <span key={`gap-${index}`} className="px-2 text-slate-400" aria-hidden="true">
              …
            </span>
          ) : (
            <Button
              key={page}
              variant={page === data.page ? 'default' : 'ghost'}
              size="sm"
              className="min-w-9"
              aria-label={`Page ${page}`}
              aria-current={page === data.page ? 'page' : undefined}
              onClick={() => onPage(page)}
            >
              {page}
            </Button>
          ),
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={!hasNext}
          onClick={() => onPage(data.page + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
