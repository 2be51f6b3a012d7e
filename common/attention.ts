import { z } from 'zod';
import { pageNumber } from './api.ts';
import { HealthFlag } from './portal-health.ts';

/**
 * Why a connection waits for a person: a paid request with no report yet, a login the portal
 * refused, a code the customer has not typed, or a retrieval that came back without a bill or
 * without the interval export, or a portal that asks for a human check (a captcha), or a
 * utility whose data our team fetches by hand (automatic retrieval switched off).
 */
const ATTENTION_REASONS = [
  'paid_waiting',
  'login_failed',
  'code_awaited',
  'retrieval_incomplete',
  'human_check',
  'upload_awaited',
] as const;
export const AttentionReason = z.enum(ATTENTION_REASONS);
export type AttentionReason = z.infer<typeof AttentionReason>;

/** One connection that needs a person, with why, in a short phrase per reason. */
export const AttentionItem = z.object({
  connectionId: z.number().int(),
  customerName: z.string(),
  providerName: z.string(),
  ownerUsername: z.string(),
  reasons: z.array(AttentionReason),
  /** The reasons in words, most urgent first: how long a paid request waited, against its plan's turnaround. */
  why: z.array(z.string()),
  /** When the oldest of its reasons began. */
  since: z.iso.datetime(),
  /** The paid request waiting for data, with the turnaround it was promised. */
  paidRequest: z
    .object({
      usageRecordId: z.number().int(),
      requestedAt: z.iso.datetime(),
      dueAt: z.iso.datetime(),
      overdue: z.boolean(),
      /** Charged only once its report exists: nothing was paid yet. */
      onDelivery: z.boolean(),
    })
    .nullable(),
});
export type AttentionItem = z.infer<typeof AttentionItem>;

/**
 * A utility whose portal fails more often than it works lately (see HEALTH_FLAG_RATE): its
 * settings need a look, or its data a person, whoever the customer.
 */
export const UtilityAttention = z.object({
  providerId: z.number().int(),
  providerName: z.string(),
  reasons: z.array(HealthFlag),
  /** The reasons in words: the rate, over how many tries, and what to look at. */
  why: z.array(z.string()),
});
export type UtilityAttention = z.infer<typeof UtilityAttention>;

export const AttentionPage = z.object({
  items: z.array(AttentionItem),
  /** Utilities failing lately; on every page. */
  utilities: z.array(UtilityAttention),
  total: z.number().int(),
  /** Paid requests past their promised turnaround, across every page. */
  overdue: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AttentionPage = z.infer<typeof AttentionPage>;

export const AttentionQuery = z.object({ page: pageNumber });
export type AttentionQuery = z.infer<typeof AttentionQuery>;

/** "45 min", "7 h", "3 days": an age or a delay, as a person reads it. */
export function formatHours(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 47.5) return `${Math.round(hours)} h`;
  return `${Math.floor(hours / 24)} days`;
}

const HOUR_MS = 3_600_000;

export type AttentionFacts = {
  paid: { requestedAt: Date; dueAt: Date; turnaroundHours: number; onDelivery?: boolean } | null;
  loginFailed: boolean;
  codeAwaited: boolean;
  retrieval: { bills: number; intervalExport: 'found' | 'not_found' } | null;
  /** The portal asked for a human check on its sign-in or export page. */
  humanCheck?: boolean;
  /** The login works, but the utility's data is fetched by hand: nothing else will get it. */
  uploadAwaited?: boolean;
};

/** The reasons of one connection and their phrases, in the order a person should act on them. */
export function attentionReasons(
  facts: AttentionFacts,
  now: Date,
): { reasons: AttentionReason[]; why: string[] } {
  const found: [AttentionReason, string][] = [];
  if (facts.paid) {
    const age = formatHours((now.getTime() - facts.paid.requestedAt.getTime()) / HOUR_MS);
    const left = (facts.paid.dueAt.getTime() - now.getTime()) / HOUR_MS;
    const promise = `the ${facts.paid.turnaroundHours}-hour turnaround`;
    const asked = facts.paid.onDelivery
      ? `Requested ${age} ago (charged when the report is ready)`
      : `Paid ${age} ago`;
    found.push([
      'paid_waiting',
      left <= 0
        ? `${asked}, no report: ${formatHours(-left)} past ${promise}`
        : `${asked}, no report yet: ${formatHours(left)} left of ${promise}`,
    ]);
  }
  if (facts.loginFailed) {
    found.push(['login_failed', 'The utility portal refused the customer’s login']);
  }
  if (facts.codeAwaited) {
    found.push(['code_awaited', 'Waiting for the customer to enter the portal’s code']);
  }
  if (facts.humanCheck) {
    found.push([
      'human_check',
      'The utility’s website asks for a human check: sign in by hand and get the data',
    ]);
  }
  if (facts.retrieval) {
    const noBill = facts.retrieval.bills === 0;
    const noExport = facts.retrieval.intervalExport === 'not_found';
    const missing = [noBill ? 'no bill' : null, noExport ? 'no interval export' : null]
      .filter(Boolean)
      .join(' and ');
    found.push(['retrieval_incomplete', `Retrieval found ${missing}: upload it by hand`]);
  }
  if (facts.uploadAwaited) {
    found.push([
      'upload_awaited',
      'Automatic retrieval is off for this utility: get the bills and the interval data from its website and upload them',
    ]);
  }
  return { reasons: found.map(([reason]) => reason), why: found.map(([, phrase]) => phrase) };
}
