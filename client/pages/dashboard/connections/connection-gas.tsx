import type { Connection } from '@common/connections.ts';
import type { IntervalSummary } from '@common/intervals.ts';
import { useQuery } from '@tanstack/react-query';
import { GasUsage } from '@/components/gas-usage.tsx';
import { ApiError, apiRequest } from '@/lib/api.ts';

/**
 * A connection's gas usage by month, in the utility's own unit, with its cost: for the owner
 * once a report on the connection is paid for, like its files. Nothing is shown without gas.
 */
export function ConnectionGas({
  connection,
  unlocked,
}: {
  connection: Pick<Connection, 'id' | 'files'>;
  unlocked: boolean;
}) {
  const hasDataFiles = connection.files.some((f) => f.fileType !== 'pdf');
  if (!unlocked || !hasDataFiles) return null;
  return <GasOf connectionId={connection.id} />;
}

function GasOf({ connectionId }: { connectionId: number }) {
  const intervals = useQuery<IntervalSummary | null>({
    queryKey: ['my-connections', connectionId, 'intervals'],
    queryFn: async () => {
      try {
        return await apiRequest<IntervalSummary>(
          'GET',
          `/api/connections/${connectionId}/intervals`,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
  const gas = intervals.data?.gas;
  if (!gas) return null;
  return (
    <div className="mt-4">
      <GasUsage gas={gas} />
    </div>
  );
}
