import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';

/**
 * A button whose action runs on the server: while `busy` it waits, and its label says what is
 * under way ("Saving...") instead of what it does.
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
    <Button disabled={busy || disabled} {...props}>
      {icon}
      {busy ? busyLabel : children}
    </Button>
  );
}
