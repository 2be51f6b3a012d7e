import type { Connection, ConnectionStatus } from '@common/connections.ts';
import { cn } from '@/lib/utils.ts';
import {
  type CredentialsTone,
  credentialsListLabel,
  STATUS_CLASSES,
  statusLabel,
} from './connection-display.ts';

const badge =
  'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs';

export function StatusBadge({ status }: { status: ConnectionStatus }) {
  return (
    <span className={cn(badge, 'capitalize', STATUS_CLASSES[status])}>{statusLabel(status)}</span>
  );
}

export const TONE_CLASSES: Record<CredentialsTone, string> = {
  good: 'bg-emerald-100 text-emerald-800',
  bad: 'bg-red-100 text-red-800',
  neutral: 'bg-slate-100 text-slate-700',
};

/** The table's credentials state; a failed check's reason is the badge's tooltip. */
export function CredentialsBadge({ connection }: { connection: Connection }) {
  const { label, tone } = credentialsListLabel(connection);
  const reason = label === 'Failed' ? (connection.verificationMessage ?? undefined) : undefined;
  return (
    <span className={cn(badge, TONE_CLASSES[tone])} title={reason}>
      {label}
    </span>
  );
}
