import type { ReactNode } from 'react';
import { ConfirmFooter, ModalDialog } from '@/components/modal-dialog.tsx';

/**
 * Asks before deleting something (or revoking, deactivating: whatever cannot simply be taken
 * back); stays open (and undismissable) while it runs.
 */
export function ConfirmDeleteDialog({
  open,
  title,
  question,
  note,
  pending,
  onConfirm,
  onClose,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
}: {
  open: boolean;
  title: string;
  question: ReactNode;
  note: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  confirmLabel?: string;
  pendingLabel?: string;
}) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      busy={pending}
      role="alertdialog"
      className="max-w-md"
      title={title}
      description={question}
    >
      <p className="text-slate-600 text-sm">{note}</p>
      <ConfirmFooter
        destructive
        confirmLabel={confirmLabel}
        pendingLabel={pendingLabel}
        pending={pending}
        onConfirm={onConfirm}
      />
    </ModalDialog>
  );
}
