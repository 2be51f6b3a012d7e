import type { ConnectionFile } from '@common/connections.ts';
import { MAX_CONNECTION_FILE_BYTES } from '@common/constants.ts';
import { AlertCircle, CheckCircle2, Download, FileText, Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { toast } from '@/components/ui/use-toast.ts';
import { UploadButton, type UploadResult } from '@/components/upload-button/upload-button.tsx';
import {
  billingHistoryText,
  fileProvenanceText,
  formatKilobytes,
  importStatusText,
  statementFactsText,
} from '@/lib/connection-display.ts';
import { cn } from '@/lib/utils.ts';
import { fileRecordOf } from './connection-form.ts';
import { useConnectionFiles, useDeleteFile, useRecordFile } from './use-connections.ts';

export const CONNECTION_FILE_NOTE = 'PDF statements or CSV/XML interval data, up to 10 MB';

/**
 * A connection's files: name, type, size in KB, the interval import's outcome, download; with
 * `editable`, delete and upload one file at a time, recorded on the connection at once.
 */
export function ConnectionFiles({
  connectionId,
  editable = false,
}: {
  connectionId: number;
  editable?: boolean;
}) {
  const files = useConnectionFiles(connectionId);
  const recordFile = useRecordFile();

  function uploaded({ successful }: UploadResult) {
    for (const file of successful) {
      recordFile.mutate(
        { connectionId, file: fileRecordOf(file) },
        {
          onSuccess: (saved) =>
            toast({
              title: 'File Uploaded',
              description:
                saved.importStatus === 'pending'
                  ? `${saved.fileName} was added; its interval data is being imported.`
                  : `${saved.fileName} was added.`,
            }),
        },
      );
    }
  }

  return (
    <section aria-labelledby={`files-${connectionId}`} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`files-${connectionId}`} className="font-semibold text-slate-900">
          Files
        </h3>
        {editable ? (
          <div className="flex items-center gap-3">
            {recordFile.isPending ? <Spinner label="Saving file..." className="size-4" /> : null}
            <UploadButton
              purpose="connection-file"
              maxNumberOfFiles={1}
              maxFileSize={MAX_CONNECTION_FILE_BYTES}
              note={CONNECTION_FILE_NOTE}
              dialogTitle="Upload File"
              onComplete={uploaded}
              buttonProps={{ size: 'sm', disabled: recordFile.isPending }}
            />
          </div>
        ) : null}
      </div>
      {files.isPending ? (
        <Spinner label="Loading files..." className="size-4" />
      ) : files.isError ? (
        <p role="alert" className="text-red-700 text-sm">
          The files could not be loaded: {files.error.message}
        </p>
      ) : files.data.length === 0 ? (
        <p className="rounded-lg border border-slate-300 border-dashed px-4 py-6 text-center text-slate-500 text-sm">
          No files yet.{editable ? ` ${CONNECTION_FILE_NOTE}.` : ''}
        </p>
      ) : (
        <ul
          aria-label="Files"
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
        >
          {files.data.map((file) => (
            <FileRow key={file.id} file={file} editable={editable} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FileRow({ file, editable }: { file: ConnectionFile; editable: boolean }) {
  const deleteFile = useDeleteFile();
  const [confirming, setConfirming] = useState(false);
  const status = importStatusText(file);
  const statement = statementFactsText(file.statement);
  const history = billingHistoryText(file.bills);
  const provenance = fileProvenanceText(file);

  return (
    <li
      aria-label={file.fileName}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 px-4 py-3 [overflow-wrap:anywhere] sm:flex sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <FileText className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900 text-sm">{file.fileName}</p>
          <p className="text-slate-500 text-xs">
            <span className="uppercase">{file.fileType}</span> · {formatKilobytes(file.fileSize)}
          </p>
          {provenance ? <p className="text-slate-500 text-xs">{provenance}</p> : null}
          {status ? (
            <p
              className={cn(
                'mt-1 flex items-start gap-1.5 text-xs',
                status.tone === 'good' && 'text-emerald-700',
                status.tone === 'bad' && 'text-red-700',
                status.tone === 'busy' && 'text-blue-700',
                status.tone === 'neutral' && 'text-slate-600',
              )}
            >
              {status.tone === 'busy' ? (
                <Loader2 className="size-3.5 shrink-0 animate-spin" aria-hidden="true" />
              ) : status.tone === 'good' ? (
                <CheckCircle2 className="size-3.5 shrink-0" aria-hidden="true" />
              ) : (
                <AlertCircle className="size-3.5 shrink-0" aria-hidden="true" />
              )}
              <span className="min-w-0">
                {status.label}
                {status.detail ? `: ${status.detail}` : ''}
              </span>
            </p>
          ) : null}
          {statement ? (
            <div className="mt-1 text-slate-700 text-xs">
              <p>{statement.facts}</p>
              {statement.missing ? <p className="text-amber-700">{statement.missing}</p> : null}
            </div>
          ) : null}
          {history ? <p className="mt-1 text-slate-700 text-xs">{history}</p> : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-1 sm:justify-end">
        {confirming ? (
          <>
            <span className="mr-1 text-slate-700 text-xs">Delete this file?</span>
            <Button
              variant="destructive"
              size="sm"
              disabled={deleteFile.isPending}
              onClick={() => deleteFile.mutate(file, { onSettled: () => setConfirming(false) })}
            >
              {deleteFile.isPending ? 'Deleting...' : 'Delete'}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={deleteFile.isPending}
              onClick={() => setConfirming(false)}
            >
              Keep
            </Button>
          </>
        ) : (
          <>
            <Button asChild variant="ghost" size="sm">
              <a
                href={file.fileUrl}
                download={file.fileName}
                aria-label={`Download ${file.fileName}`}
              >
                <Download aria-hidden="true" />
                Download
              </a>
            </Button>
            {editable ? (
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
                aria-label={`Delete ${file.fileName}`}
                onClick={() => setConfirming(true)}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}
