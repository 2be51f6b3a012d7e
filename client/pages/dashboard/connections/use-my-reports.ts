import type { MyReports, ReportVersion } from '@common/reports.ts';
import { useQuery } from '@tanstack/react-query';
import { MY_REPORTS_QUERY_KEY } from '@/lib/billing-queries.ts';
import { anyInFlight } from '@/lib/report-display.ts';

/** While a report is being built, the list is re-read this often. */
const BUILD_POLL_MS = 3000;

/** GET /api/my/reports: the newest report of each paid-for connection, by connection id. */
export function useMyReports(): ReadonlyMap<number, ReportVersion> {
  const reports = useQuery<MyReports>({
    queryKey: MY_REPORTS_QUERY_KEY,
    refetchInterval: (query) =>
      anyInFlight(query.state.data?.reports ?? []) ? BUILD_POLL_MS : false,
  });
  return new Map((reports.data?.reports ?? []).map((report) => [report.connectionId, report]));
}
