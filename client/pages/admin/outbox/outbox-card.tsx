import type { OutboxItem } from '@common/mail.ts';
import { Mail, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { RefreshButton } from '@/components/refresh-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatTimestamp } from '@/lib/connection-display.ts';
import { cn } from '@/lib/utils.ts';
import { OutboxStatusBadge } from './outbox-badge.tsx';
import { kindLabel, modeText } from './outbox-display.ts';
import { OutboxMessageDialog } from './outbox-message-dialog.tsx';
import { useOutbox, useRetryOutboxMessage } from './use-outbox.ts';

/**
 * Every message the service sent or kept: where mail goes (SMTP or this outbox), the newest
 * messages, failures in red with their reason and a Retry. A message opens in a dialog.
 */
export function OutboxCard() {
  const outbox = useOutbox();
  const retry = useRetryOutboxMessage();
  const [openId, setOpenId] = useState<number | null>(null);
  const mode = outbox.data ? modeText(outbox.data.mode) : null;

  return (
    <Card asChild>
      <section aria-labelledby="outbox-title">
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle id="outbox-title">Outbox</CardTitle>
            {mode ? (
              <p className="flex flex-wrap items-center gap-2 text-slate-600 text-sm">
                <span className="inline-flex items-center gap-1 rounded-full bg-blue-50 px-2.5 py-0.5 font-medium text-blue-800 text-xs">
                  <Mail className="size-3.5" aria-hidden="true" />
                  {mode.label}
                </span>
                {mode.detail}
              </p>
            ) : null}
            {outbox.data && outbox.data.failed > 0 ? (
              <p className="font-medium text-red-700 text-sm">
                {outbox.data.failed} failed {outbox.data.failed === 1 ? 'message' : 'messages'}
              </p>
            ) : null}
          </div>
          <RefreshButton query={outbox} />
        </CardHeader>
        <CardContent>
          {outbox.isPending ? (
            <Spinner label="Loading messages..." className="size-4" />
          ) : outbox.isError ? (
            <p role="alert" className="text-red-700 text-sm">
              Failed to load the outbox: {outbox.error.message}
            </p>
          ) : outbox.data.items.length === 0 ? (
            <p className="py-6 text-center text-slate-500 text-sm">No messages yet</p>
          ) : (
            <ul aria-label="Recent messages" className="grid gap-1">
              {outbox.data.items.map((item) => (
                <OutboxRow
                  key={item.id}
                  item={item}
                  onOpen={() => setOpenId(item.id)}
                  retrying={retry.isPending && retry.variables?.id === item.id}
                  onRetry={() => retry.mutate(item)}
                />
              ))}
            </ul>
          )}
        </CardContent>
        <OutboxMessageDialog id={openId} onClose={() => setOpenId(null)} />
      </section>
    </Card>
  );
}

function OutboxRow({
  item,
  onOpen,
  retrying,
  onRetry,
}: {
  item: OutboxItem;
  onOpen: () => void;
  retrying: boolean;
  onRetry: () => void;
}) {
  const failed = item.status === 'failed';
  return (
    <li
      className={cn(
        'flex flex-wrap items-start justify-between gap-3 rounded-md px-3 py-3',
        failed ? 'border border-red-200 bg-red-50' : 'border-slate-100 border-b',
      )}
    >
      <button
        type="button"
        onClick={onOpen}
        className="min-w-0 flex-1 cursor-pointer text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        <span
          className={cn('block truncate font-medium', failed ? 'text-red-900' : 'text-slate-900')}
        >
          {item.subject}
        </span>
        <span className="block truncate text-slate-600 text-sm">
          To {item.to} · {kindLabel(item.kind)}
        </span>
        <span className="block text-slate-500 text-xs">
          <time dateTime={item.createdAt}>{formatTimestamp(item.createdAt)}</time>
        </span>
        {failed && item.lastError ? (
          <span className="mt-1 block break-words text-red-700 text-xs">{item.lastError}</span>
        ) : null}
      </button>
      <div className="flex shrink-0 items-center gap-2">
        <OutboxStatusBadge status={item.status} />
        {failed ? (
          <Button type="button" variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
            <RotateCw aria-hidden="true" />
            {retrying ? 'Retrying...' : 'Retry'}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
