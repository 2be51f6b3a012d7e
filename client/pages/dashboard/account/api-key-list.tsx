import type { ApiKey } from '@common/api-keys.ts';
import { useState } from 'react';
import { LoadFailed, LoadingBlock } from '@/components/query-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
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

  if (keys.isPending) return <LoadingBlock label="Loading API keys..." />;
  if (keys.isError) {
    return (
      <LoadFailed
        title="Your API keys could not be loaded"
        message={keys.error.message}
        onRetry={() => keys.refetch()}
      />
    );
  }
  if (keys.data.length === 0) {
    return <p className="text-slate-600 text-sm">You have no API keys yet.</p>;
  }

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
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Your API keys</caption>
          <thead className="border-slate-200 border-b text-slate-500 text-xs">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Name
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Key
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Created
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Last used
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                <span className="sr-only">Status</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {keys.data.map((apiKey) => (
              <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={setAsking} />
            ))}
          </tbody>
        </table>
      </div>
      <Dialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open && !revoke.isPending) setAsking(null);
        }}
      >
        <DialogContent role="alertdialog" className="max-w-md">
          <DialogHeader>
            <DialogTitle>Revoke API key</DialogTitle>
            <DialogDescription>Revoke "{asking?.name}"?</DialogDescription>
          </DialogHeader>
          <p className="text-slate-600 text-sm">
            Programs using this key stop working at once. This cannot be undone.
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={revoke.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" disabled={revoke.isPending} onClick={confirmRevoke}>
              {revoke.isPending ? 'Revoking...' : 'Revoke key'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
