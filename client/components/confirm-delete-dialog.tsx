import type { ReactNode } from 'react';
import { ConfirmFooter, ModalDialog } from '@/components/modal-dialog.tsx';

/** Asks before deleting something; stays open (and undismissable) while the delete runs. */
export function ConfirmDeleteDialog({
  open,
  title,
  question,
  note,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  question: ReactNode;
  note: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
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
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={pending}
        onConfirm={onConfirm}
      />
    </ModalDialog>
  );
}
