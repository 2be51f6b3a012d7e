import { CircleCheck } from 'lucide-react';
import { PagedResults } from '@/components/list/paged-results.tsx';
import { EmptyState } from '@/components/query-states.tsx';
import { positiveInt } from '@/lib/list-params.ts';
import { useListParams } from '@/lib/use-list-params.ts';
import { AttentionList } from './attention-list.tsx';
import { FailingUtilities } from './failing-utilities.tsx';
import { useAttention } from './use-attention.ts';

const readPage = (params: URLSearchParams) => ({ page: positiveInt(params.get('page')) ?? 1 });

function writePage(previous: URLSearchParams, { page }: { page: number }) {
  const next = new URLSearchParams(previous);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

/** Needs attention: everything waiting for a person, overdue paid requests first. */
export default function AttentionView() {
  const [list, change] = useListParams(readPage, writePage);
  const attention = useAttention(list.page);

  return (
    <div className="grid gap-6">
      <p className="max-w-prose text-slate-600 text-sm">
        Paid requests still waiting for their data (against the promised turnaround), logins the
        utility refused, codes the customer has not entered, and retrievals that came back without a
        bill or the interval export. Overdue requests come first, then the longest waiting. Open one
        to act on it. Utilities whose sign-in or retrieval has failed more often than it worked this
        week are listed first.
      </p>
      <FailingUtilities utilities={attention.data?.utilities ?? []} />
      <PagedResults
        query={attention}
        noun="connections that need attention"
        onPage={(page) => change({ page })}
        narrowed={false}
        onClear={() => change({ page: 1 })}
        empty={
          <EmptyState
            icon={<CircleCheck className="size-10 text-emerald-500" aria-hidden="true" />}
            title="Nothing needs attention"
          >
            <p className="text-slate-600 text-sm">
              Every paid request has its data, and no customer login or retrieval waits for a
              person.
            </p>
          </EmptyState>
        }
      >
        {(data) => <AttentionList items={data.items} />}
      </PagedResults>
    </div>
  );
}
