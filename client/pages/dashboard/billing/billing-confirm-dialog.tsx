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

export type BillingConfirmation = {
  title: string;
  description: string;
  confirmLabel: string;
  keepLabel: string;
  onConfirm: () => void;
};

/** Asks before a plan change or a cancellation; stays open while the call runs. */
export function BillingConfirmDialog({
  confirmation,
  pending,
  onClose,
}: {
  confirmation: BillingConfirmation | null;
  pending: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={confirmation !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{confirmation?.title}</DialogTitle>
          <DialogDescription>{confirmation?.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {confirmation?.keepLabel}
            </Button>
          </DialogClose>
          <Button onClick={confirmation?.onConfirm} disabled={pending}>
            {pending ? 'Saving...' : confirmation?.confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
