import type { BuildReportResponse, ReportCardPage } from '@common/reports.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast.ts';
import { apiRequest } from '@/lib/api.ts';
import { showError } from '@/lib/error-toast.ts';
import { anyInFlight } from '@/lib/report-display.ts';
import { type ReportListParams, reportsQueryString } from './report-list-params.ts';

/** Every Utility Reports query starts with this key, so a build refreshes them all. */
const REPORTS_QUERY_KEY = ['/api/reports'] as const;
/** While a version is queued or building, the list is re-read this often. */
const BUILD_POLL_MS = 2000;

/** GET /api/reports with the filters: one card per connection, 10 a page. */
export function useReportCards(list: ReportListParams) {
  const query = reportsQueryString(list);
  return useQuery<ReportCardPage>({
    queryKey: [...REPORTS_QUERY_KEY, 'cards', query],
    queryFn: () => apiRequest<ReportCardPage>('GET', `/api/reports${query}`),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      anyInFlight(q.state.data?.items.map((card) => card.latest) ?? []) ? BUILD_POLL_MS : false,
  });
}

/** POST /api/connections/:id/reports: Build / Rebuild, a new version queued. */
export function useBuildReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: number) =>
      apiRequest<BuildReportResponse>('POST', `/api/connections/${connectionId}/reports`),
    onSuccess: ({ report }) => {
      toast({
        title: 'Report build started',
        description: `Version ${report.version} is being built.`,
      });
      return queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY });
    },
    onError: showError,
  });
}
