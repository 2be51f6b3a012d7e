import type { Notice } from '@common/notices.ts';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { BusyButton } from '@/components/busy-button.tsx';
import { Pagination } from '@/components/list/pagination.tsx';
import { QueryView } from '@/components/query-states.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { CardContent } from '@/components/ui/card.tsx';
import { useMarkNoticesRead, useNotices } from './notices-queries.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function NoticeRow({ notice }: { notice: Notice }) {
  return (
    <li className="grid gap-1 border-slate-100 border-b py-3 last:border-b-0">
      <p className="flex flex-wrap items-baseline gap-2">
        {!notice.read && (
          <span className="rounded bg-blue-100 px-1.5 py-0.5 font-semibold text-blue-800 text-xs">
            New
          </span>
        )}
        <span className={notice.read ? 'text-slate-700' : 'font-semibold text-slate-900'}>
          {notice.title}
        </span>
        <time className="text-slate-500 text-xs" dateTime={notice.createdAt}>
          {when(notice.createdAt)}
        </time>
      </p>
      <p className="text-slate-600 text-sm">{notice.body}</p>
    </li>
  );
}

/** What happened to the user's connections lately, the unread ones marked, newest first. */
export function NoticesSection() {
  const [pageNumber, setPageNumber] = useState(1);
  const notices = useNotices(pageNumber);
  const markRead = useMarkNoticesRead();
  const unread = notices.data?.unread ?? 0;
  return (
    <TitledCard
      id="notices-heading"
      icon={Bell}
      title={unread > 0 ? `Notices (${unread} unread)` : 'Notices'}
      description="What happened to your clients' utility logins, data and reports."
    >
      <CardContent>
        <QueryView
          query={notices}
          loading="Loading notices..."
          failed="Notices could not be loaded"
        >
          {(page) =>
            page.notices.length === 0 ? (
              <p className="text-slate-600 text-sm">Nothing yet.</p>
            ) : (
              <div className="grid gap-3">
                <ul aria-labelledby="notices-heading">
                  {page.notices.map((notice) => (
                    <NoticeRow key={notice.id} notice={notice} />
                  ))}
                </ul>
                {page.total > page.pageSize && (
                  <Pagination
                    data={{ ...page, items: page.notices, totalCapped: false }}
                    onPage={setPageNumber}
                  />
                )}
                {page.unread > 0 && (
                  <div>
                    <BusyButton
                      variant="outline"
                      type="button"
                      busy={markRead.isPending}
                      busyLabel="Marking as read..."
                      onClick={() => markRead.mutate({ all: true })}
                    >
                      Mark all as read
                    </BusyButton>
                  </div>
                )}
              </div>
            )
          }
        </QueryView>
      </CardContent>
    </TitledCard>
  );
}
