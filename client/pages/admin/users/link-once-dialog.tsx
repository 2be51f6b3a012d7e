import type { UserActionResult } from '@common/users.ts';
import { Copy, TriangleAlert } from 'lucide-react';
import { DialogFooter, ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogClose } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { copyAndTell } from '@/lib/clipboard.ts';
import { formatWhen } from './user-display.ts';

/**
 * A one-time password link that was not emailed, shown to the admin this once to hand over
 * (the server never shows it again).
 */
export function LinkOnceDialog({
  result,
  onClose,
}: {
  result: UserActionResult | null;
  onClose: () => void;
}) {
  const link = result?.link ?? null;
  return (
    <ModalDialog
      open={link !== null}
      onClose={onClose}
      className="max-w-xl"
      title={<>Set-Password Link for {result?.user.username}</>}
      description={result?.message}
    >
      <div className="grid gap-2">
        <Label htmlFor="one-time-link">One-time link</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="one-time-link"
            readOnly
            value={link ?? ''}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              copyAndTell(
                link ?? '',
                { title: 'Link Copied!', description: 'Send it to the user yourself.' },
                'link',
              )
            }
          >
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
      </div>
      <p className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-amber-900 text-sm">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          It works once, until {formatWhen(result?.expiresAt ?? null)}, and will not be shown again.
          Hand it over through a channel only the user reads.
        </span>
      </p>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button">Done</Button>
        </DialogClose>
      </DialogFooter>
    </ModalDialog>
  );
}
