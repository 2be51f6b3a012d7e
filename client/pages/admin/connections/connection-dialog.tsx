import type { Connection } from '@common/connections.ts';
import type { ReactNode } from 'react';
import { ModalDialog } from '@/components/modal-dialog.tsx';

/**
 * A dialog about one connection, open while there is one: its title, then whose it is (the
 * customer, the provider, and `more`), then the body for that connection.
 */
/** Which connection a dialog is about (none: closed), and how it closes. */
export type ConnectionDialogProps = { connection: Connection | null; onClose: () => void };

export function ConnectionDialog({
  connection,
  onClose,
  title,
  className,
  more,
  children,
}: ConnectionDialogProps & {
  title: string;
  className: string;
  more?: (connection: Connection) => string;
  children: (connection: Connection) => ReactNode;
}) {
  const about = connection && [connection.customerName, connection.provider.name];
  if (connection && about && more) about.push(more(connection));
  return (
    <ModalDialog
      open={connection !== null}
      onClose={onClose}
      className={className}
      title={title}
      description={about ? about.join(' · ') : null}
    >
      {connection ? children(connection) : null}
    </ModalDialog>
  );
}
