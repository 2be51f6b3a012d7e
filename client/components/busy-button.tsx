import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';

/**
 * A button whose action runs on the server: while `busy` it waits, its icon (if any) spins,
 * and its label says what is under way ("Saving...") instead of what it does.
 */
export function BusyButton({
  busy,
  busyLabel,
  icon,
  disabled,
  children,
  ...props
}: Omit<ButtonProps, 'asChild'> & { busy: boolean; busyLabel: string; icon?: ReactNode }) {
  return (
    <Button disabled={busy || disabled} aria-busy={busy} {...props}>
      {busy && icon ? <Loader2 className="animate-spin" aria-hidden="true" /> : icon}
      {busy ? busyLabel : children}
    </Button>
  );
}
