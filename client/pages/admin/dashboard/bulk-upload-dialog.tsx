import type { Connection } from '@common/connections.ts';
import { MAX_CONNECTION_FILE_BYTES } from '@common/constants.ts';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { toast } from '@/components/ui/use-toast.ts';
import { UploadButton, type UploadResult } from '@/components/upload-button/upload-button.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { cn } from '@/lib/utils.ts';
import { CONNECTION_FILE_NOTE } from '../connections/connection-files.tsx';
import { fileRecordOf } from '../connections/connection-form.ts';
import { EMPTY_LIST_PARAMS } from '../connections/list-params.ts';
import { useConnections, useRecordFile } from '../connections/use-connections.ts';

/** Files one bulk upload may carry, each up to the connection file limit. */
const BULK_MAX_FILES = 10;

/** Bulk Upload Files: choose a connection (searched on the server), then upload many files to it. */
export function BulkUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      className="max-w-2xl"
      title="Bulk Upload Files"
      description={
        <>Choose a connection, then upload up to {BULK_MAX_FILES} files to it at once.</>
      }
    >
      {open ? <BulkUpload onDone={onClose} /> : null}
    </ModalDialog>
  );
}

function BulkUpload({ onDone }: { onDone: () => void }) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, 300);
  const results = useConnections({ ...EMPTY_LIST_PARAMS, search: term });
  const [chosen, setChosen] = useState<Connection | null>(null);
  const recordFile = useRecordFile();
  const id = useId();

  async function uploaded({ successful }: UploadResult) {
    if (!chosen || successful.length === 0) return;
    let saved = 0;
    for (const file of successful) {
      try {
        await recordFile.mutateAsync({
          connectionId: chosen.id,
          file: { ...fileRecordOf(file), bulk: true },
        });
        saved++;
      } catch {
        // useRecordFile has said so; the other files still get recorded.
      }
    }
    if (saved > 0) {
      toast({
        title: 'Files Uploaded',
        description: `${saved} file${saved === 1 ? '' : 's'} added to ${chosen.customerName}'s connection.`,
      });
      if (saved === successful.length) onDone();
    }
  }

  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-search`}>Find a connection</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            maxLength={200}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Customer, account, user or provider"
            className="pl-9"
            aria-controls={`${id}-results`}
          />
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-slate-800 text-sm">Connection</legend>
        {results.isPending ? (
          <Spinner label="Searching..." className="size-4" />
        ) : results.isError ? (
          <p role="alert" className="text-red-700 text-sm">
            Failed to load connections: {results.error.message}
          </p>
        ) : results.data.items.length === 0 ? (
          <p className="text-slate-500 text-sm">No connections match.</p>
        ) : (
          <div
            id={`${id}-results`}
            className={cn(
              'grid max-h-64 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-1',
              results.isPlaceholderData && 'opacity-60',
            )}
          >
            {results.data.items.map((connection) => (
              <label
                key={connection.id}
                className="flex cursor-pointer items-start gap-3 rounded-md px-3 py-2 hover:bg-slate-50 has-[:checked]:bg-blue-50"
              >
                <input
                  type="radio"
                  name={`${id}-connection`}
                  className="mt-1 accent-blue-600"
                  checked={chosen?.id === connection.id}
                  onChange={() => setChosen(connection)}
                />
                <span className="min-w-0 text-sm">
                  <span className="block font-medium text-slate-900">
                    {connection.customerName}
                  </span>
                  <span className="block truncate text-slate-600">
                    {connection.provider.name} · {connection.user.username}
                    {connection.accountNumber ? ` · ${connection.accountNumber}` : ''}
                  </span>
                </span>
              </label>
            ))}
          </div>
        )}
        {results.data && results.data.total > results.data.items.length ? (
          <p className="text-slate-500 text-xs">
            Showing the newest {results.data.items.length}; type to narrow the list.
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3 border-slate-200 border-t pt-4">
        <UploadButton
          purpose="connection-file"
          maxNumberOfFiles={BULK_MAX_FILES}
          maxFileSize={MAX_CONNECTION_FILE_BYTES}
          note={CONNECTION_FILE_NOTE}
          dialogTitle={chosen ? `Upload Files to ${chosen.customerName}` : 'Upload Files'}
          onComplete={uploaded}
          buttonProps={{ disabled: !chosen || recordFile.isPending }}
        >
          Upload Files
        </UploadButton>
        {recordFile.isPending ? <Spinner label="Saving files..." className="size-4" /> : null}
        {!chosen ? <p className="text-slate-500 text-sm">Choose a connection first.</p> : null}
      </div>
    </div>
  );
}
