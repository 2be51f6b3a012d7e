import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { TextField } from '@/components/field.tsx';
import { FormProblem } from '@/components/form-dialog-parts.tsx';
import { DialogCancel, DialogFooter, ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';

/**
 * Asks before something that cannot be undone (deleting an account), and has the person type
 * what proves they mean it: their password, or the name of what goes. The action stays
 * disabled until `ready` accepts what was typed; the server's refusal is shown in the dialog.
 */
export function TypedConfirmDialog({
  open,
  title,
  question,
  children,
  field,
  ready = (value) => value !== '',
  confirmLabel,
  pendingLabel,
  pending,
  problem,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  question: ReactNode;
  children?: ReactNode;
  field: { label: string; type?: 'password' | 'text'; autoComplete?: string };
  ready?: (value: string) => boolean;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  problem: string | null;
  onConfirm: (value: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  // A dialog opened again starts empty: what was typed for one account is not for the next.
  useEffect(() => {
    if (open) setValue('');
  }, [open]);
  const canConfirm = ready(value) && !pending;

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
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          if (canConfirm) onConfirm(value);
        }}
      >
        {children}
        <TextField
          id={`${id}-confirm`}
          label={field.label}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete ?? 'off'}
          maxLength={256}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <FormProblem problem={problem} />
        <DialogFooter>
          <DialogCancel disabled={pending} />
          <Button type="submit" variant="destructive" disabled={!canConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </form>
    </ModalDialog>
  );
}
