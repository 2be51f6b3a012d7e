import type { ReportVersion, ReportVersionList } from '@common/reports.ts';
import { useQuery } from '@tanstack/react-query';
import { downloadableVersion, mayHaveEarlierReady } from './report-display.ts';

/** GET /api/connections/:id/reports: every version of a connection's report, newest first. */
function reportVersionsQueryKey(connectionId: number) {
  return ['/api/connections', connectionId, 'reports'] as const;
}

/**
 * The version whose files are offered on a card: the newest when ready, else the newest ready
 * one before it. The list of versions is read only when the newest hides an earlier one, and
 * read again each time (a rebuild may have finished since).
 */
export function useDownloadableVersion(
  connectionId: number,
  latest: ReportVersion | null,
): ReportVersion | null {
  const earlier = useQuery<ReportVersionList>({
    queryKey: reportVersionsQueryKey(connectionId),
    enabled: mayHaveEarlierReady(latest),
    staleTime: 0,
  });
  return downloadableVersion(latest, earlier.data?.reports);
}
