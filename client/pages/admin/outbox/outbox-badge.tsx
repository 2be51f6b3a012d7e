import type { OutboxStatus } from '@common/mail.ts';
import { cn } from '@/lib/utils.ts';
import { OUTBOX_STATUS } from './outbox-display.ts';

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  const { label, className } = OUTBOX_STATUS[status];
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs',
        className,
      )}
    >
      {label}
    </span>
  );
}
