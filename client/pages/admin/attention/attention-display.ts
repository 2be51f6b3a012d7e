import type { AttentionItem, AttentionReason } from '@common/attention.ts';
import { formatHours } from '@common/attention.ts';

/** The badge beside a row: what kind of wait it is, coloured by how pressing. */
export function attentionBadge(item: Pick<AttentionItem, 'reasons' | 'paidRequest'>): {
  label: string;
  className: string;
} {
  if (item.paidRequest?.overdue) return { label: 'Overdue', className: 'bg-red-100 text-red-800' };
  if (item.paidRequest) {
    const label = item.paidRequest.onDelivery ? 'Requested' : 'Paid';
    return { label, className: 'bg-amber-100 text-amber-800' };
  }
  const first: AttentionReason | undefined = item.reasons[0];
  if (first === 'code_awaited') {
    return { label: 'Customer', className: 'bg-blue-50 text-blue-800' };
  }
  return { label: 'To do', className: 'bg-slate-100 text-slate-700' };
}

/** "Waiting 3 h", from when the oldest reason began. */
export function waitingText(since: string, now = new Date()): string {
  return `Waiting ${formatHours(Math.max(0, now.getTime() - Date.parse(since)) / 3_600_000)}`;
}

/** The dashboard card's headline: "3 connections need a person · 1 overdue". */
export function attentionHeadline(total: number, overdue: number): string {
  if (total === 0) return 'Nothing waits for a person';
  const head = `${total} ${total === 1 ? 'connection needs' : 'connections need'} a person`;
  return overdue > 0 ? `${head} · ${overdue} overdue` : head;
}
