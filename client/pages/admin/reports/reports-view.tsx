import type { ReportVersion } from '@common/reports.ts';
import { FileText, SearchX, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'wouter';
import { EmptyState, LoadFailed } from '@/components/query-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/utils.ts';
import { SearchBox } from '../connections/connection-filters.tsx';
import { Field, selectClass } from '../connections/field.tsx';
import { Pagination } from '../connections/pagination.tsx';
import { useProviders } from '../providers/use-providers.ts';
import { ReportCard } from './report-card.tsx';
import {
  DEFAULT_REPORT_LIST,
  hasReportFilters,
  REPORT_STATUS_FILTERS,
  REPORT_STATUS_LABELS,
  type ReportListParams,
  readReportListParams,
  writeReportListParams,
} from './report-list-params.ts';
import { ReportPreviewDialog } from './report-preview-dialog.tsx';
import { useBuildReport, useReportCards } from './use-reports.ts';

/** Utility Reports (SPEC section 2): one card per connection, its report, preview and files. */
export default function ReportsView() {
  const [params, setParams] = useSearchParams();
  const list = readReportListParams(params);
  const cards = useReportCards(list);
  const build = useBuildReport();
  const [preview, setPreview] = useState<{ report: ReportVersion; title: string } | null>(null);

  const change = (patch: Partial<ReportListParams>, options?: { replace?: boolean }) =>
    setParams(
      (previous) =>
        writeReportListParams(previous, { ...readReportListParams(previous), ...patch }),
      { replace: options?.replace },
    );

  const data = cards.data;
  return (
    <div className="grid gap-6">
      <p className="max-w-prose text-slate-600 text-sm">
        Each connection's report: built when a paid request's connection is complete, rebuilt as a
        new version when files change. Preview it, download it, or build it now.
      </p>
      <ReportFilters list={list} onChange={change} />

      {cards.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading reports..." />
        </div>
      ) : cards.isError && !data ? (
        <LoadFailed
          prominent
          title="Failed to load reports"
          message={cards.error.message}
          onRetry={() => cards.refetch()}
        />
      ) : data && data.items.length > 0 ? (
        <div
          className={cn('grid gap-4 transition-opacity', cards.isPlaceholderData && 'opacity-60')}
          aria-busy={cards.isFetching}
        >
          <div className="grid gap-4 xl:grid-cols-2">
            {data.items.map((card) => (
              <ReportCard
                key={card.connectionId}
                card={card}
                building={build.isPending && build.variables === card.connectionId}
                onBuild={() => build.mutate(card.connectionId)}
                onPreview={(report) => setPreview({ report, title: card.customerName })}
              />
            ))}
          </div>
          <Pagination data={data} onPage={(page) => change({ page })} />
        </div>
      ) : hasReportFilters(list) ? (
        <EmptyState
          icon={<SearchX className="size-10 text-slate-400" aria-hidden="true" />}
          title="No connections match these filters"
        >
          <Button variant="outline" size="sm" onClick={() => change(DEFAULT_REPORT_LIST)}>
            Clear filters
          </Button>
        </EmptyState>
      ) : (
        <EmptyState
          icon={<FileText className="size-10 text-slate-400" aria-hidden="true" />}
          title="No complete connections yet"
        >
          <p className="text-slate-600 text-sm">
            A report is built when a connection is complete. Choose another status to see the
            others.
          </p>
        </EmptyState>
      )}

      <ReportPreviewDialog
        report={preview?.report ?? null}
        title={preview?.title ?? ''}
        onClose={() => setPreview(null)}
      />
    </div>
  );
}

function ReportFilters({
  list,
  onChange,
}: {
  list: ReportListParams;
  onChange: (patch: Partial<ReportListParams>, options?: { replace?: boolean }) => void;
}) {
  const providers = useProviders();
  const id = useId();
  return (
    <search className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 xl:grid-cols-[minmax(16rem,2fr)_repeat(2,minmax(10rem,1fr))]">
      <SearchBox
        value={list.search}
        onSearch={(search) => onChange({ search, page: 1 }, { replace: true })}
        placeholder="Username, provider or account name"
        className="sm:col-span-2 xl:col-span-1"
      />
      <Field label="Provider" htmlFor={`${id}-provider`}>
        <select
          id={`${id}-provider`}
          className={selectClass}
          value={list.providerId ?? ''}
          onChange={(event) =>
            onChange({
              providerId: event.target.value ? Number(event.target.value) : null,
              page: 1,
            })
          }
        >
          <option value="">All providers</option>
          {(providers.data ?? []).map((provider) => (
            <option key={provider.id} value={provider.id}>
              {provider.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Status" htmlFor={`${id}-status`}>
        <select
          id={`${id}-status`}
          className={selectClass}
          value={list.status}
          onChange={(event) =>
            onChange({
              status:
                REPORT_STATUS_FILTERS.find((status) => status === event.target.value) ?? 'complete',
              page: 1,
            })
          }
        >
          {REPORT_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {REPORT_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </Field>
      {hasReportFilters(list) ? (
        <div className="sm:col-span-2 xl:col-span-3">
          <Button variant="ghost" size="sm" onClick={() => onChange(DEFAULT_REPORT_LIST)}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        </div>
      ) : null}
    </search>
  );
}
