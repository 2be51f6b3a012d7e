import type { AttentionItem } from '@common/attention.ts';
import type { Connection } from '@common/connections.ts';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils.ts';
import { ConnectionDetailDialog } from '../connections/connection-detail-dialog.tsx';
import { CONNECTIONS_QUERY_KEY } from '../connections/use-connections.ts';
import { attentionBadge, waitingText } from './attention-display.ts';

/** The rows that need a person; each opens its connection's detail. */
export function AttentionList({ items }: { items: AttentionItem[] }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const opened = useQuery<Connection>({
    queryKey: [...CONNECTIONS_QUERY_KEY, openId ?? 0],
    enabled: openId !== null,
  });

  return (
    <>
      <ul aria-label="Needs attention" className="divide-y divide-slate-100">
        {items.map((item) => {
          const badge = attentionBadge(item);
          return (
            <li key={item.connectionId}>
              <button
                type="button"
                onClick={() => setOpenId(item.connectionId)}
                aria-label={`Open ${item.customerName}: ${item.why.join('; ')}`}
                className="flex w-full items-start gap-3 rounded-md px-2 py-3 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
              >
                <span
                  className={cn(
                    'mt-0.5 shrink-0 rounded-full px-2.5 py-0.5 font-medium text-xs',
                    badge.className,
                  )}
                >
                  {badge.label}
                </span>
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="truncate font-medium text-slate-900">
                    {item.customerName}
                    <span className="font-normal text-slate-500">
                      {' '}
                      · {item.providerName} · for {item.ownerUsername}
                    </span>
                  </span>
                  {item.why.map((phrase) => (
                    <span key={phrase} className="text-slate-700 text-sm">
                      {phrase}
                    </span>
                  ))}
                  <span className="text-slate-500 text-xs">{waitingText(item.since)}</span>
                </span>
                <ChevronRight className="mt-1 size-4 shrink-0 text-slate-400" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
      <ConnectionDetailDialog
        connection={openId !== null ? (opened.data ?? null) : null}
        onClose={() => setOpenId(null)}
      />
    </>
  );
}
