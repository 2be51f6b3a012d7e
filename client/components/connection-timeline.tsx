import type { Timeline, TimelineEvent } from '@common/timeline.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryView } from '@/components/query-states.tsx';
import { formatTimestamp } from '@/lib/connection-display.ts';

/** GET /api/connections/:id/timeline: admins get the detail lines, the owner plain words. */
export const timelineQueryKey = (connectionId: number) =>
  [`/api/connections/${connectionId}/timeline`] as const;

function useTimeline(connectionId: number, enabled: boolean) {
  return useQuery<Timeline>({ queryKey: timelineQueryKey(connectionId), enabled });
}

/** The events, newest first; `detail` is shown when the server sent one (admins only). */
function TimelineList({ events }: { events: TimelineEvent[] }) {
  if (events.length === 0) return <p className="text-slate-600 text-sm">Nothing yet.</p>;
  return (
    <ol className="grid gap-2">
      {events.map((event, index) => (
        <li
          // Two events may share a moment and a title (two emails): the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced, never reordered.
          key={index}
          className="grid gap-0.5 border-slate-200 border-l-2 pl-3"
        >
          <time className="text-slate-500 text-xs" dateTime={event.at}>
            {formatTimestamp(event.at)}
          </time>
          <span className="text-slate-900 text-sm">{event.title}</span>
          {event.detail && (
            <span className="font-mono [overflow-wrap:anywhere] text-slate-600 text-xs">
              {event.detail}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The admin's connection detail: the whole story, read when the dialog opens. */
export function ConnectionTimelineSection({ connectionId }: { connectionId: number }) {
  const timeline = useTimeline(connectionId, true);
  return (
    <section aria-label="History" className="grid content-start gap-3">
      <h3 className="font-semibold text-slate-900">History</h3>
      <QueryView query={timeline} loading="Loading history..." failed="History could not be loaded">
        {(data) => <TimelineList events={data.events} />}
      </QueryView>
    </section>
  );
}

/** The owner's card: a "History" disclosure, read only once it is opened. */
export function ConnectionHistory({ connectionId }: { connectionId: number }) {
  const [open, setOpen] = useState(false);
  const timeline = useTimeline(connectionId, open);
  return (
    <details className="mt-4" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-slate-600 text-sm hover:text-slate-900">
        History
      </summary>
      <div className="mt-2">
        {(open || timeline.data) && (
          <QueryView
            query={timeline}
            loading="Loading history..."
            failed="History could not be loaded"
          >
            {(data) => <TimelineList events={data.events} />}
          </QueryView>
        )}
      </div>
    </details>
  );
}
