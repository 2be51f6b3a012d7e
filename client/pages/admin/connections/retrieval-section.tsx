import type { Connection } from '@common/connections.ts';
import { useQueryClient } from '@tanstack/react-query';
import { DownloadCloud, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { formatTimestamp } from '@/lib/connection-display.ts';
import { CONNECTIONS_QUERY_KEY, useRetrieveNow } from './use-connections.ts';

/** How often, and for how long, the connection is re-read while a retrieval runs. */
const POLL_MS = 3000;
const POLL_FOR_MS = 5 * 60_000;

/**
 * Automated retrieval: what the service's browser found on the customer's portal (bills, the
 * interval export) and what is left for an admin to upload; "Retrieve now" runs it again while
 * the customer's login is stored.
 */
export function RetrievalSection({ connection }: { connection: Connection }) {
  const retrieve = useRetrieveNow();
  const queryClient = useQueryClient();
  // The summary the admin saw when pressing the button: polling stops once it changes.
  const [waitingAfter, setWaitingAfter] = useState<string | null | undefined>(undefined);
  const latest = connection.retrieval?.at ?? null;
  const waiting = waitingAfter !== undefined && waitingAfter === latest;

  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > POLL_FOR_MS) return setWaitingAfter(undefined);
      void queryClient.invalidateQueries({ queryKey: [...CONNECTIONS_QUERY_KEY, connection.id] });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, queryClient, connection.id]);

  return (
    <section
      aria-labelledby={`retrieval-${connection.id}`}
      className="grid gap-3 rounded-lg border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`retrieval-${connection.id}`} className="font-semibold text-slate-900">
          Automated Retrieval
        </h3>
        <Button
          variant="outline"
          size="sm"
          disabled={!connection.hasCredentials || retrieve.isPending || waiting}
          onClick={() =>
            retrieve.mutate(connection.id, { onSuccess: () => setWaitingAfter(latest) })
          }
        >
          {waiting ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <DownloadCloud aria-hidden="true" />
          )}
          {waiting ? 'Retrieving...' : 'Retrieve now'}
        </Button>
      </div>
      {connection.retrieval ? (
        <p className="text-slate-700 text-sm">
          <span className="text-slate-500">{formatTimestamp(connection.retrieval.at)}: </span>
          {connection.retrieval.message}
        </p>
      ) : (
        <p className="text-slate-600 text-sm">
          Nothing retrieved yet: after a successful login the service fetches the two latest bills
          and the interval data from the portal.
        </p>
      )}
      {!connection.hasCredentials ? (
        <p className="text-slate-500 text-xs">
          The customer's login is no longer stored: files are uploaded by hand.
        </p>
      ) : null}
      {retrieve.isSuccess && waiting ? (
        <p role="status" className="text-blue-700 text-sm">
          {retrieve.data.message}
        </p>
      ) : null}
      {retrieve.isError ? (
        <p role="alert" className="text-red-700 text-sm">
          {retrieve.error.message}
        </p>
      ) : null}
    </section>
  );
}
