import { AlertCircle } from 'lucide-react';
import { BusyButton } from '@/components/busy-button.tsx';
import { DialogCancel, DialogFooter } from '@/components/modal-dialog.tsx';

/** The reason a dialog's form cannot be saved, read out to screen readers. */
export function FormProblem({ problem }: { problem: string | null | undefined }) {
  if (!problem) return null;
  return (
    <p
      role="alert"
      className="flex items-center gap-2 rounded-md bg-red-50 px-3 py-2 text-red-800 text-sm"
    >
      <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
      {problem}
    </p>
  );
}

/** Cancel and a submit button that says when it is saving. */
export function SaveCancelFooter({
  saving,
  submitLabel,
}: {
  saving: boolean;
  submitLabel: string;
}) {
  return (
    <DialogFooter>
      <DialogCancel disabled={saving} />
      <BusyButton type="submit" busy={saving} busyLabel="Saving...">
        {submitLabel}
      </BusyButton>
    </DialogFooter>
  );
}

/** The end of a form outside a dialog: why it cannot be sent, if so, and its submit button. */
export function FormSubmit({
  problem,
  busy,
  busyLabel,
  size,
  className,
  children,
}: {
  problem: string | null;
  busy: boolean;
  busyLabel: string;
  size?: 'lg';
  className?: string;
  children: string;
}) {
  return (
    <>
      <FormProblem problem={problem} />
      <BusyButton type="submit" size={size} className={className} busy={busy} busyLabel={busyLabel}>
        {children}
      </BusyButton>
    </>
  );
}
