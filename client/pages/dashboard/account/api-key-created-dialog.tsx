import type { CreatedApiKey } from '@common/api-keys.ts';
import { Copy, TriangleAlert } from 'lucide-react';
import { DialogFooter, ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { copyAndTell } from '@/lib/clipboard.ts';

function copyKey(key: string) {
  const copied = {
    title: 'API key copied',
    description: 'Keep it somewhere safe, like a secret store.',
  };
  return copyAndTell(key, copied, 'key');
}

/** The new key, shown this once: the server keeps only its hash. */
export function ApiKeyCreatedDialog({
  created,
  onClose,
}: {
  created: CreatedApiKey | null;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={created !== null}
      onClose={onClose}
      className="max-w-xl"
      title="Your new API key"
      description={
        <>
          {created ? `"${created.apiKey.name}" is ready.` : ''} Send it as{' '}
          <code className="text-xs">Authorization: Bearer &lt;key&gt;</code>.
        </>
      }
    >
      <p
        role="alert"
        className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 text-sm"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Copy this key now. It will not be shown again: if you lose it, revoke it and create a new
        one.
      </p>
      <div className="grid gap-1.5">
        <Label htmlFor="new-api-key">New API key</Label>
        <Input
          id="new-api-key"
          readOnly
          value={created?.key ?? ''}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono"
        />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Done
        </Button>
        <Button onClick={() => created && copyKey(created.key)}>
          <Copy aria-hidden="true" />
          Copy key
        </Button>
      </DialogFooter>
    </ModalDialog>
  );
}
