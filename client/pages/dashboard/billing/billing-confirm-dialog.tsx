import { ConfirmFooter, ModalDialog } from '@/components/modal-dialog.tsx';

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
    <ModalDialog
      open={confirmation !== null}
      onClose={onClose}
      busy={pending}
      className="max-w-md"
      title={confirmation?.title}
      description={confirmation?.description}
    >
      <ConfirmFooter
        cancelLabel={confirmation?.keepLabel}
        confirmLabel={confirmation?.confirmLabel ?? ''}
        pendingLabel="Saving..."
        pending={pending}
        onConfirm={confirmation?.onConfirm}
      />
    </ModalDialog>
  );
}
