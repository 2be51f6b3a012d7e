import type { MailMode, OutboxItem, OutboxStatus } from '@common/mail.ts';

/** How often the card reads the outbox again while a message waits to be sent. */
export const OUTBOX_POLL_MS = 3000;

export const OUTBOX_STATUS: Record<OutboxStatus, { label: string; className: string }> = {
  sent: { label: 'Sent', className: 'bg-emerald-100 text-emerald-800' },
  stored: { label: 'In outbox', className: 'bg-slate-100 text-slate-700' },
  pending: { label: 'Sending', className: 'bg-amber-100 text-amber-800' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-800' },
};

const KIND_LABELS: Record<string, string> = {
  report_ready: 'Report ready',
  new_submission: 'New submission',
  submission_received: 'Submission received',
};

/** "Report ready" for report_ready; an unknown kind reads as its words. */
export function kindLabel(kind: string): string {
  const known = KIND_LABELS[kind];
  if (known) return known;
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : kind;
}

/** What the card says about where messages go. */
export function modeText(mode: MailMode): { label: string; detail: string } {
  return mode === 'smtp'
    ? { label: 'SMTP', detail: 'Messages are sent through the configured SMTP server.' }
    : {
        label: 'Outbox',
        detail: 'SMTP is not configured, messages are kept here.',
      };
}

/** Whether a message is still on its way, so the list is worth reading again soon. */
export const hasPending = (items: readonly Pick<OutboxItem, 'status'>[] | undefined) =>
  items?.some((m) => m.status === 'pending') ?? false;
