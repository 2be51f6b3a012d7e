import type { ApiKey } from '@common/api-keys.ts';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog.tsx';
import { QueryView } from '@/components/query-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { toast } from '@/components/ui/use-toast.ts';
import { showError } from '@/lib/error-toast.ts';
import { formatShortDate } from '../billing/usage-display.ts';
import { useApiKeys, useRevokeApiKey } from './api-keys-queries.ts';

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <tr className="align-top">
      <td className="py-3 pr-3 font-medium text-slate-900">{apiKey.name}</td>
      <td className="whitespace-nowrap py-3 pr-3 font-mono text-slate-600 text-xs">
        {apiKey.prefix}…
      </td>
      <td className="whitespace-nowrap py-3 pr-3 text-slate-600">
        {formatShortDate(apiKey.createdAt)}
      </td>
      <td className="whitespace-nowrap py-3 pr-3 text-slate-600">
        {apiKey.lastUsedAt ? formatShortDate(apiKey.lastUsedAt) : 'Never'}
      </td>
      <td className="whitespace-nowrap py-3 text-right">
        {revoked && apiKey.revokedAt ? (
          <span className="text-slate-500 text-xs">
            Revoked {formatShortDate(apiKey.revokedAt)}
          </span>
        ) : (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Revoke ${apiKey.name}`}
            onClick={() => onRevoke(apiKey)}
          >
            Revoke
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The premium user's keys: name, prefix, created, last used, revoked; revoke asks first. */
export function ApiKeyList() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [asking, setAsking] = useState<ApiKey | null>(null);

  function confirmRevoke() {
    if (!asking) return;
    revoke.mutate(asking.id, {
      onSuccess: (key) => {
        setAsking(null);
        toast({ title: 'API key revoked', description: `"${key.name}" no longer works.` });
      },
      onError: showError,
    });
  }

  return (
    <>
      <QueryView
        query={keys}
        loading="Loading API keys..."
        failed="Your API keys could not be loaded"
      >
        {(data) =>
          data.length === 0 ? (
            <p className="text-slate-600 text-sm">You have no API keys yet.</p>
          ) : (
            <KeyTable keys={data} onRevoke={setAsking} />
          )
        }
      </QueryView>
      <ConfirmDeleteDialog
        open={asking !== null}
        title="Revoke API key"
        question={`Revoke "${asking?.name}"?`}
        note="Programs using this key stop working at once. This cannot be undone."
        confirmLabel="Revoke key"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setAsking(null)}
      />
    </>
  );
}

function KeyTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your API keys</caption>
        <thead className="border-slate-200 border-b text-slate-500 text-xs">
          <tr>
            {['Name', 'Key', 'Created', 'Last used'].map((column) => (
              <th key={column} scope="col" className="py-2 pr-3 font-medium">
                {column}
              </th>
            ))}
            <th scope="col" className="py-2 text-right font-medium">
              <span className="sr-only">Status</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {keys.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={onRevoke} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
