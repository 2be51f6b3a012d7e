import type { OutboxMessage } from '@common/mail.ts';
import { Paperclip } from 'lucide-react';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { formatTimestamp } from '@/lib/connection-display.ts';
import { OutboxStatusBadge } from './outbox-badge.tsx';
import { kindLabel } from './outbox-display.ts';
import { useOutboxMessage } from './use-outbox.ts';

/** One message as its recipient sees it: the HTML in a sandboxed frame, or the text. */
export function OutboxMessageDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const message = useOutboxMessage(id);
  return (
    <ModalDialog
      open={id !== null}
      onClose={onClose}
      className="max-w-3xl"
      title={message.data?.subject ?? 'Message'}
      description={message.data ? `To ${message.data.to}` : null}
    >
      {message.isPending ? (
        <Spinner label="Loading the message..." />
      ) : message.isError ? (
        <p role="alert" className="text-red-700 text-sm">
          Could not load the message: {message.error.message}
        </p>
      ) : (
        <MessageView message={message.data} />
      )}
    </ModalDialog>
  );
}

function MessageView({ message }: { message: OutboxMessage }) {
  const details: [string, string | null][] = [
    ['From', message.from],
    ['Kind', kindLabel(message.kind)],
    ['Created', formatTimestamp(message.createdAt)],
    ['Sent', message.sentAt && formatTimestamp(message.sentAt)],
    ['Attempts', String(message.attempts)],
    ['Last error', message.lastError],
  ];
  return (
    <div className="grid gap-4">
      <OutboxStatusBadge status={message.status} />
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {details
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-500">{label}</dt>
              <dd
                className={
                  label === 'Last error' ? 'break-words text-red-700' : 'break-words text-slate-900'
                }
              >
                {value}
              </dd>
            </div>
          ))}
      </dl>
      {message.attachments.length > 0 ? (
        <ul aria-label="Attachments" className="flex flex-wrap gap-2">
          {message.attachments.map((file) => (
            <li
              key={file.fileName}
              className="inline-flex items-center gap-1 rounded-md border border-slate-200 px-2 py-1 text-slate-700 text-xs"
            >
              <Paperclip className="size-3.5" aria-hidden="true" />
              {file.fileName}
            </li>
          ))}
        </ul>
      ) : null}
      <Tabs defaultValue={message.html ? 'html' : 'text'}>
        <TabsList>
          {message.html ? <TabsTrigger value="html">HTML</TabsTrigger> : null}
          <TabsTrigger value="text">Text</TabsTrigger>
        </TabsList>
        {message.html ? (
          <TabsContent value="html" className="mt-3">
            {/* sandbox="" : no scripts, no forms, no navigation, an origin of its own. */}
            <iframe
              title="Message as HTML"
              sandbox=""
              srcDoc={message.html}
              className="h-[28rem] w-full rounded-md border border-slate-200 bg-white"
            />
          </TabsContent>
        ) : null}
        <TabsContent value="text" className="mt-3">
          <pre className="max-h-[28rem] overflow-auto whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-800 text-sm">
            {message.text}
          </pre>
        </TabsContent>
      </Tabs>
    </div>
  );
}
