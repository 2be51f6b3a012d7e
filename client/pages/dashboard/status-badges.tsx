import type { ConnectionStatus } from '@common/connections.ts';
import { cn } from '@/lib/utils.ts';
import {
  type CredentialsState,
  type CredentialsTone,
  STATUS_CLASSES,
  statusLabel,
} from './connection-display.ts';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 font-medium text-xs';

export function StatusBadge({ status }: { status: ConnectionStatus }) {
  return (
    <span className={cn(badge, 'capitalize', STATUS_CLASSES[status])}>{statusLabel(status)}</span>
  );
}

const TONE_CLASSES: Record<CredentialsTone, string> = {
  good: 'bg-emerald-100 text-emerald-800',
  bad: 'bg-red-100 text-red-800',
  waiting: 'bg-amber-50 text-amber-800',
  neutral: 'bg-slate-100 text-slate-700',
};

export function CredentialsBadge({ state }: { state: CredentialsState }) {
  return <span className={cn(badge, TONE_CLASSES[state.tone])}>{state.label}</span>;
}
