import type { ReactNode } from 'react';
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
import { cn } from '@/lib/utils.ts';

export { DialogFooter };

/**
 * The frame every dialog of the app shares: its title (with an icon before it, if any), what
 * it is about, then its body. Escape, the overlay and × close it, except while `busy`: a save
 * or a delete under way keeps it open until it answers.
 */
export function ModalDialog({
  open,
  onClose,
  busy = false,
  title,
  icon,
  description,
  role,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  busy?: boolean;
  title: ReactNode;
  icon?: ReactNode;
  description?: ReactNode;
  /** `alertdialog` for a question that needs an answer (a delete). */
  role?: 'alertdialog';
  /** The box's width and spacing (`max-w-xl`). */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <DialogContent
        className={className}
        // An undefined role would replace Radix's own `dialog`.
        {...(role ? { role } : {})}
        // Radix expects a description; without one, say so rather than point at nothing.
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
      >
        <DialogHeader>
          <DialogTitle className={cn(icon !== undefined && 'flex items-center gap-2')}>
            {icon}
            {title}
          </DialogTitle>
          {description !== undefined && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** A footer button that closes the dialog and does nothing else: Cancel, Not now, Close. */
export function DialogCancel({
  label = 'Cancel',
  disabled = false,
}: {
  label?: string;
  disabled?: boolean;
}) {
  return (
    <DialogClose asChild>
      <Button type="button" variant="outline" disabled={disabled}>
        {label}
      </Button>
    </DialogClose>
  );
}

/** Cancel and the dialog's action; while the action runs, both wait and the action says so. */
export function ConfirmFooter({
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  cancelLabel,
  destructive = false,
}: {
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: (() => void) | undefined;
  cancelLabel?: string;
  destructive?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogCancel label={cancelLabel} disabled={pending} />
      <Button
        variant={destructive ? 'destructive' : 'default'}
        disabled={pending}
        onClick={onConfirm}
      >
        {pending ? pendingLabel : confirmLabel}
      </Button>
    </DialogFooter>
  );
}
