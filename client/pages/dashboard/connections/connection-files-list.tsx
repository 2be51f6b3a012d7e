import type { Connection } from '@common/connections.ts';
import { Download, FileText, Sheet } from 'lucide-react';
import { formatMegabytes } from '@/lib/connection-display.ts';

/**
 * A connection's files. The owner downloads them once a report on the connection is paid for
 * (the files are what a report sells); until then they are listed with the way to unlock them.
 */
export function ConnectionFilesList({
  connection,
  unlocked,
}: {
  connection: Pick<Connection, 'files' | 'customerName'>;
  unlocked: boolean;
}) {
  if (connection.files.length === 0) return null;
  return (
    <div className="mt-4">
      <h4 className="text-slate-500 text-xs">Files</h4>
      {!unlocked && (
        <p className="mt-1 text-slate-600 text-xs">
          Generate a report on this connection to download its files.
        </p>
      )}
      <ul
        className="mt-1 grid grid-cols-1 gap-1"
        aria-label={`Files of ${connection.customerName}`}
      >
        {connection.files.map((file) => {
          const Icon = file.fileType === 'pdf' ? FileText : Sheet;
          return (
            <li key={file.id} className="flex items-center gap-2 text-sm">
              <Icon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate" title={file.fileName}>
                {file.fileName}
              </span>
              <span className="shrink-0 text-slate-500 text-xs">
                {formatMegabytes(file.fileSize)}
              </span>
              {unlocked && (
                <a
                  href={file.fileUrl}
                  download={file.fileName}
                  aria-label={`Download ${file.fileName}`}
                  className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 font-medium text-blue-600 hover:bg-blue-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                >
                  <Download className="size-4" aria-hidden="true" />
                  <span className="hidden sm:inline">Download</span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
