import type { ConnectionStatus } from '@common/connections.ts';
import {
  CREDENTIALS_TONE_CLASSES,
  type CredentialsTone,
  STATUS_CLASSES,
  statusLabel,
} from '@/lib/connection-display.ts';
import { cn } from '@/lib/utils.ts';

const badge =
  'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs';

/** A connection's status in its colour (admin table and owner's cards alike). */
export function StatusBadge({ status }: { status: ConnectionStatus }) {
  return (
    <span className={cn(badge, 'capitalize', STATUS_CLASSES[status])}>{statusLabel(status)}</span>
  );
}

/** A credentials state; `title` (a failed check's reason) shows as the tooltip. */
export function CredentialsBadge({
  label,
  tone,
  title,
}: {
  label: string;
  tone: CredentialsTone;
  title?: string;
}) {
  return (
    <span className={cn(badge, CREDENTIALS_TONE_CLASSES[tone])} title={title}>
      {label}
    </span>
  );
}
