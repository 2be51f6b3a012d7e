import type { Provider } from '@common/providers.ts';
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
import { useDeleteProvider } from './use-providers.ts';

/** Asks before deleting; a refusal (a provider that connections use) shows the server's words. */
export function DeleteProviderDialog({
  provider,
  onClose,
}: {
  provider: Provider | null;
  onClose: () => void;
}) {
  const deleteProvider = useDeleteProvider();
  return (
    <Dialog
      open={provider !== null}
      onOpenChange={(open) => {
        if (!open && !deleteProvider.isPending) onClose();
      }}
    >
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete Provider</DialogTitle>
          <DialogDescription>Are you sure you want to delete {provider?.name}?</DialogDescription>
        </DialogHeader>
        <p className="text-slate-600 text-sm">
          This cannot be undone. A provider that connections use cannot be deleted; deactivate it
          instead.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={deleteProvider.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={deleteProvider.isPending}
            onClick={() => provider && deleteProvider.mutate(provider, { onSettled: onClose })}
          >
            {deleteProvider.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
