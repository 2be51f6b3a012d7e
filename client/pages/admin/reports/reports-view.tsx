import type { ReportVersion } from '@common/reports.ts';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { SelectFilter } from '@/components/list/filter-bar.tsx';
import { PagedResults } from '@/components/list/paged-results.tsx';
import { EmptyState } from '@/components/query-states.tsx';
import { type ChangeList, useListParams } from '@/lib/use-list-params.ts';
import { ListFilters } from '../list-filters.tsx';
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

/** Utility Reports: one card per connection, its report, preview and files. */
export default function ReportsView() {
  const [list, change] = useListParams(readReportListParams, writeReportListParams);
  const cards = useReportCards(list);
  const build = useBuildReport();
  const [preview, setPreview] = useState<{ report: ReportVersion; title: string } | null>(null);

  return (
    <div className="grid gap-6">
      <p className="max-w-prose text-slate-600 text-sm">
        Each connection's report: built when a paid request's connection is complete, rebuilt as a
        new version when files change. Preview it, download it, or build it now.
      </p>
      <ReportFilters list={list} onChange={change} />

      <PagedResults
        query={cards}
        noun="reports"
        onPage={(page) => change({ page })}
        narrowed={hasReportFilters(list)}
        onClear={() => change(DEFAULT_REPORT_LIST)}
        empty={
          <EmptyState
            icon={<FileText className="size-10 text-slate-400" aria-hidden="true" />}
            title="No complete connections yet"
          >
            <p className="text-slate-600 text-sm">
              A report is built when a connection is complete. Choose another status to see the
              others.
            </p>
          </EmptyState>
        }
      >
        {(data) => (
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
        )}
      </PagedResults>

      <ReportPreviewDialog
        report={preview?.report ?? null}
        title={preview?.title ?? ''}
        onClose={() => setPreview(null)}
      />
    </div>
  );
}

const STATUS_OPTIONS = REPORT_STATUS_FILTERS.map((status) => ({
  value: status,
  label: REPORT_STATUS_LABELS[status],
}));

function ReportFilters({
  list,
  onChange,
}: {
  list: ReportListParams;
  onChange: ChangeList<ReportListParams>;
}) {
  return (
    <ListFilters
      list={list}
      defaults={DEFAULT_REPORT_LIST}
      onChange={onChange}
      placeholder="Username, provider or account name"
    >
      <SelectFilter
        label="Status"
        value={list.status}
        options={STATUS_OPTIONS}
        onChange={(value) =>
          onChange({
            status: REPORT_STATUS_FILTERS.find((status) => status === value) ?? 'complete',
            page: 1,
          })
        }
      />
    </ListFilters>
  );
}
