import type { RetrievalRequested } from '@common/automation.ts';
import type {
  Connection,
  ConnectionFile,
  ConnectionPage,
  ConnectionUpdate,
  FileRecord,
} from '@common/connections.ts';
import type { IntervalSummary, MeterChoice } from '@common/intervals.ts';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/use-toast.ts';
import { ApiError, apiRequest } from '@/lib/api.ts';
import { showError, showErrorAs } from '@/lib/error-toast.ts';
import { connectionsQueryString, type ListParams } from './list-params.ts';

/**
 * Every connection query starts with this key (the list, one connection, its files, its
 * interval data), so a change to a connection refreshes them all with one invalidation.
 */
export const CONNECTIONS_QUERY_KEY = ['/api/connections'] as const;
/** GET /api/stats: its figures move when files come and go and statuses change. */
export const STATS_QUERY_KEY = ['/api/stats'] as const;

const SAVE_FILE_FAILED = 'Failed to save file information.';
const DELETE_FILE_FAILED = 'Failed to delete file.';
/** How often the files are re-read while an interval file is being imported. */
const IMPORT_POLL_MS = 3000;

function refreshConnections(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CONNECTIONS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: STATS_QUERY_KEY }),
  ]);
}

/** GET /api/connections with the filters: one page of 10, newest first. */
export function useConnections(list: ListParams) {
  const query = connectionsQueryString(list);
  return useQuery<ConnectionPage>({
    queryKey: [...CONNECTIONS_QUERY_KEY, 'list', query],
    queryFn: () => apiRequest<ConnectionPage>('GET', `/api/connections${query}`),
    // The table keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/connections/:id; the table's copy shows while the fresh one loads. */
export function useConnection(id: number, shown?: Connection) {
  return useQuery<Connection>({
    queryKey: [...CONNECTIONS_QUERY_KEY, id],
    placeholderData: shown,
  });
}

/**
 * GET /api/connections/:id/files. Re-read every few seconds while an interval file is being
 * imported; when an import ends, the connection's figures and interval data have changed.
 */
export function useConnectionFiles(id: number) {
  const queryClient = useQueryClient();
  const files = useQuery<ConnectionFile[]>({
    queryKey: [...CONNECTIONS_QUERY_KEY, id, 'files'],
    refetchInterval: (query) =>
      query.state.data?.some((file) => file.importStatus === 'pending') ? IMPORT_POLL_MS : false,
  });
  const pending = files.data?.filter((file) => file.importStatus === 'pending').length ?? 0;
  const previous = useRef(pending);
  useEffect(() => {
    if (pending < previous.current) {
      queryClient.invalidateQueries({
        queryKey: CONNECTIONS_QUERY_KEY,
        predicate: (query) => query.queryKey[2] !== 'files',
      });
    }
    previous.current = pending;
  }, [pending, queryClient]);
  return files;
}

/** GET /api/connections/:id/intervals; null when nothing has been imported yet (404). */
export function useConnectionIntervals(id: number) {
  return useQuery<IntervalSummary | null>({
    queryKey: [...CONNECTIONS_QUERY_KEY, id, 'intervals'],
    queryFn: async () => {
      try {
        return await apiRequest<IntervalSummary>('GET', `/api/connections/${id}/intervals`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** PUT /api/connections/:id with the fields the admin changed. */
export function useUpdateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ConnectionUpdate }) =>
      apiRequest<Connection>('PUT', `/api/connections/${id}`, body),
    onSuccess: (connection) => {
      toast({
        title: 'Connection Updated',
        description: `${connection.customerName}'s connection was saved.`,
      });
      queryClient.setQueryData([...CONNECTIONS_QUERY_KEY, connection.id], connection);
      return refreshConnections(queryClient);
    },
    onError: showError,
  });
}

/** POST /api/connections/:id/credentials: audited, so called only when the admin asks. */
export function useRevealCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ utilityUsername: string; utilityPassword: string }>(
        'POST',
        `/api/connections/${id}/credentials`,
      ),
    // 410: purged meanwhile (retention, another admin); show the connection as it is now.
    onError: (error, id) => {
      if (error instanceof ApiError && error.status === 410) {
        return queryClient.invalidateQueries({ queryKey: [...CONNECTIONS_QUERY_KEY, id] });
      }
    },
  });
}

/**
 * POST /api/connections/:id/credentials/confirm: the admin signed in to the utility website with
 * the customer's login and says it works; it counts as verified from then on.
 */
export function useConfirmLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<Connection>('POST', `/api/connections/${id}/credentials/confirm`),
    onSuccess: (connection) => {
      toast({
        title: 'Login Confirmed',
        description: `${connection.customerName}'s login now counts as verified.`,
      });
      queryClient.setQueryData([...CONNECTIONS_QUERY_KEY, connection.id], connection);
      return refreshConnections(queryClient);
    },
    // 410: purged meanwhile; show the connection as it is now.
    onError: (error, id) => {
      if (error instanceof ApiError && error.status === 410) {
        return queryClient.invalidateQueries({ queryKey: [...CONNECTIONS_QUERY_KEY, id] });
      }
    },
  });
}

/**
 * POST /api/connections/:id/retrieve: signs in to the customer's portal again and fetches the
 * bills and the usage export in the background; the connection is polled until it reports.
 */
export function useRetrieveNow() {
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<RetrievalRequested>('POST', `/api/connections/${id}/retrieve`),
  });
}

/** PUT /api/connections/:id/files: records an uploaded file on the connection. */
export function useRecordFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ connectionId, file }: { connectionId: number; file: FileRecord }) =>
      apiRequest<ConnectionFile>('PUT', `/api/connections/${connectionId}/files`, file),
    onSettled: () => refreshConnections(queryClient),
    onError: showErrorAs({ description: SAVE_FILE_FAILED }),
  });
}

/** DELETE /api/files/:id: the stored object goes too. */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Pick<ConnectionFile, 'id'>) =>
      apiRequest<{ message: string }>('DELETE', `/api/files/${file.id}`),
    onSuccess: ({ message }) => {
      toast({ title: 'File Deleted', description: message });
      return refreshConnections(queryClient);
    },
    onError: showErrorAs({ description: DELETE_FILE_FAILED }),
  });
}

/** PUT /api/connections/:id/intervals/meter: which meter of a multi-meter file is the series. */
export function useChooseMeter(connectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: MeterChoice) =>
      apiRequest<undefined>('PUT', `/api/connections/${connectionId}/intervals/meter`, choice),
    onSuccess: () => refreshConnections(queryClient),
    onError: showError,
  });
}
