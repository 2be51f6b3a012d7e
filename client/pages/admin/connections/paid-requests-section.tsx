import type { UsageRecord } from '@common/billing.ts';
import { formatCents } from '@common/plans.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { toast } from '@/components/ui/use-toast.ts';
import { apiRequest } from '@/lib/api.ts';
import { formatTimestamp } from '@/lib/connection-display.ts';
import { showError } from '@/lib/error-toast.ts';
import { CONNECTIONS_QUERY_KEY } from './use-connections.ts';

const usageKey = (connectionId: number) => [...CONNECTIONS_QUERY_KEY, connectionId, 'usage'];

/**
 * A request that was paid or put on an invoice can be refunded; one still waiting to be
 * charged when its report exists can be cancelled (nothing goes back: nothing was taken).
 */
const refundable = (r: UsageRecord) =>
  r.status === 'billed' ||
  r.status === 'invoiced' ||
  r.status === 'requires_action' ||
  r.status === 'requested';

/**
 * The reports bought on this connection. When the data cannot be obtained, an admin refunds the
 * request (nobody pays for a report that cannot be built), saying why; the user sees it.
 */
export function PaidRequestsSection({ connectionId }: { connectionId: number }) {
  const requests = useQuery<UsageRecord[]>({
    queryKey: usageKey(connectionId),
    queryFn: () => apiRequest('GET', `/api/connections/${connectionId}/usage`),
  });
  if (!requests.data?.length) return null;
  return (
    <section aria-label="Report requests" className="grid gap-3">
      <h3 className="font-semibold text-slate-900">Report requests</h3>
      <ul className="grid gap-2">
        {requests.data.map((request) => (
          <RequestRow key={request.id} request={request} connectionId={connectionId} />
        ))}
      </ul>
    </section>
  );
}

function RequestRow({ request, connectionId }: { request: UsageRecord; connectionId: number }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [open, setOpen] = useState(false);
  const refund = useMutation({
    mutationFn: () => apiRequest('POST', `/api/usage/${request.id}/refund`, { reason }),
    onSuccess: async () => {
      toast({ title: 'Refunded', description: 'The user is not charged for this report.' });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: usageKey(connectionId) });
    },
    onError: showError,
  });
  return (
    <li className="grid gap-2 rounded-md border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          {formatTimestamp(request.createdAt)} · {formatCents(request.costCents)} ·{' '}
          <span className="font-medium">{request.status.replace('_', ' ')}</span>
          {request.testMode ? ' (test mode)' : null}
        </span>
        {refundable(request) && !open ? (
          <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
            {request.status === 'requested' ? 'Cancel request' : 'Refund'}
          </Button>
        ) : null}
      </div>
      {request.statusMessage ? <p className="text-slate-600">{request.statusMessage}</p> : null}
      {open ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            refund.mutate();
          }}
        >
          <div className="grid flex-1 gap-1">
            <label htmlFor={`refund-reason-${request.id}`} className="text-slate-600 text-xs">
              Why the report cannot be delivered
            </label>
            <Input
              id={`refund-reason-${request.id}`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              maxLength={500}
            />
          </div>
          <Button type="submit" size="sm" disabled={refund.isPending || !reason.trim()}>
            {refund.isPending ? 'Refunding...' : 'Refund request'}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </form>
      ) : null}
    </li>
  );
}
