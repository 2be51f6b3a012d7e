import type { UsageRecord, UsageStatus } from '@common/billing.ts';
import { formatUsd } from '@/lib/format.ts';

/** "requires_action" -> "Requires action", "past_due" -> "Past due". */
export function humanize(value: string): string {
  const words = value.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type UsageTone = 'green' | 'yellow';

/** Billed is green (settled), every other status yellow (still open). */
export function usageStatusTone(status: UsageStatus): UsageTone {
  return status === 'billed' ? 'green' : 'yellow';
}

export const USAGE_TONE_CLASSES: Record<UsageTone, string> = {
  green: 'bg-emerald-100 text-emerald-800',
  yellow: 'bg-amber-100 text-amber-800',
};

/**
 * What a record costs as the list shows it. Refunded and failed records are not in the total,
 * so their amount is shown struck through with the reason.
 */
export function usageCost(record: Pick<UsageRecord, 'costCents' | 'status'>): {
  amount: string;
  counted: boolean;
  note: string | null;
} {
  const amount = formatUsd(record.costCents);
  if (record.status === 'refunded') return { amount, counted: false, note: 'Refunded' };
  if (record.status === 'failed') return { amount, counted: false, note: 'Not charged' };
  if (record.status === 'requested') {
    return { amount, counted: false, note: 'Charged when the report is ready' };
  }
  return { amount, counted: true, note: null };
}

const shortDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** "Mar 5, 2025" in the viewer's time zone, for a timestamp. */
export function formatShortDate(iso: string): string {
  return shortDate.format(new Date(iso));
}

const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** "March 31, 2025" in the viewer's time zone, for a timestamp. */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/** "Visa •••• 4242, expires 12/2030": the card on file, as the billing tab names it. */
export function cardLabel(card: { brand: string; last4: string; expires: string | null }): string {
  const name = `${humanize(card.brand)} •••• ${card.last4}`;
  return card.expires ? `${name}, expires ${card.expires}` : name;
}
