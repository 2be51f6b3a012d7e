import { AlertCircle } from 'lucide-react';
import { DialogCancel, DialogFooter } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';

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
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : submitLabel}
      </Button>
    </DialogFooter>
  );
}
