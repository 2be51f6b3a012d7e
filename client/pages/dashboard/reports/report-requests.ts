import type { PlanType } from '@common/api.ts';
import type { PlanId, RecordUsageResponse, UsageRecord, UsageStatus } from '@common/billing.ts';
import type { Connection } from '@common/connections.ts';
import { type CredentialsFields, credentialsStateOf } from '@common/credentials-state.ts';
import { formatCents, PLANS } from '@common/plans.ts';
import type { ToastInput } from '@/components/ui/use-toast.ts';
import { ApiError } from '@/lib/api.ts';
import { formatUsd } from '@/lib/format.ts';

/** Statuses of a paid (or being paid) request: the connection offers no second Generate Report. */
const OPEN_STATUSES: ReadonlySet<UsageStatus> = new Set([
  'requested',
  'pending',
  'billed',
  'invoiced',
  'requires_action',
]);

/** Each connection's open report request (the newest when there are several). */
export function openReportRequests(usage: readonly UsageRecord[]): Map<number, UsageRecord> {
  const open = new Map<number, UsageRecord>();
  for (const record of usage) {
    if (record.connectionId === null || !OPEN_STATUSES.has(record.status)) continue;
    const seen = open.get(record.connectionId);
    if (!seen || record.createdAt > seen.createdAt) open.set(record.connectionId, record);
  }
  return open;
}

/** The server lets the owner download a connection's files once a request on it is paid. */
export function filesUnlocked(request: Pick<UsageRecord, 'status'> | undefined): boolean {
  return request?.status === 'billed' || request?.status === 'invoiced';
}

/** The plan reports are billed on: Free has no plan of its own and pays the basic price. */
export function billedPlan(planType: PlanType): PlanId {
  return planType === 'premium' ? 'premium' : 'basic';
}

/**
 * What one report costs the user and when it is charged, for the confirmation dialog: at once,
 * or (`onDelivery`, see chargedOnDelivery) only when the report is ready.
 */
export function reportPrice(
  planType: PlanType,
  onDelivery = false,
): { amount: string; when: string } {
  const plan = PLANS[billedPlan(planType)];
  const amount = formatCents(plan.pricePerReportCents);
  if (plan.id === 'premium') {
    return {
      amount,
      when: onDelivery
        ? 'added to your monthly invoice when the report is ready'
        : "added to this month's invoice, billed at month end",
    };
  }
  return {
    amount,
    when: onDelivery ? 'charged to your card when the report is ready' : 'charged to your card now',
  };
}

/**
 * Why a report on this connection is charged only when it is ready, in the words of its login's
 * state, and what happens if it never is.
 */
export function onDeliveryReason(connection: CredentialsFields, deadlineDays: number): string {
  const state = credentialsStateOf(connection);
  const why =
    state === 'failed'
      ? "The utility did not accept your client's login, so we cannot be sure to get the data yet."
      : state === 'none' || state === 'purged'
        ? 'We gather the data for this connection without an online login, which can take longer.'
        : "Your client's login has not been confirmed yet, so we cannot be sure to get the data.";
  return `${why} Nothing is charged now: you pay only once the report is ready, and if it is not ready within ${deadlineDays} ${deadlineDays === 1 ? 'day' : 'days'} after its promised time, the request is cancelled at no charge.`;
}

/** What record-usage is told about the report, shown in the usage list. */
export function reportDescription(connection: {
  customerName: string;
  provider: Pick<Connection['provider'], 'name'>;
}): string {
  return `Utility report: ${connection.customerName} (${connection.provider.name})`.slice(0, 500);
}

/** The toast once a report is requested, saying what was charged. */
export function reportRequestedToast(
  record: Pick<RecordUsageResponse, 'status' | 'costCents' | 'testMode'>,
): ToastInput {
  const amount = formatUsd(record.costCents);
  const charged =
    record.status === 'requested'
      ? `Nothing is charged until the report is ready (${amount} then).`
      : record.status === 'invoiced'
        ? `${amount} was added to this month's invoice.`
        : record.status === 'pending'
          ? `Your ${amount} payment is being processed.`
          : `${amount} was charged to your card.`;
  const test = record.testMode ? ' Test mode: no card is charged.' : '';
  return {
    title: 'Report requested',
    description: `${charged} We will email you when the report is ready.${test}`,
    variant: 'success',
  };
}

/** A toast, with the way out of what it reports when there is one ("Update payment method"). */
export type ReportToast = ToastInput & { action?: { label: string; href: string } };

export const REPORT_FAILED = 'Failed to generate report';

/** The server's message, else "Failed to generate report": never an empty toast. */
export function reportErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const message = (error.body as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message.trim() !== '') return message;
    // Not even the server was reached: say so rather than blame the report.
    if (error.status === 0) return error.message;
  }
  return REPORT_FAILED;
}

/**
 * A failed request. A declined card (402) offers the way to replace it, on the payment page
 * for the user's plan.
 */
export function reportFailedToast(
  message: string,
  options: { declined: boolean; planType: PlanType },
): ReportToast {
  return {
    title: 'Error',
    description: message,
    variant: 'destructive',
    ...(options.declined && {
      action: {
        label: 'Update payment method',
        href: `/payment?plan=${billedPlan(options.planType)}`,
      },
    }),
  };
}

/** The toast for a failed record-usage or confirm call. */
export function reportErrorToast(error: unknown, planType: PlanType): ReportToast {
  const declined = error instanceof ApiError && error.status === 402;
  return reportFailedToast(reportErrorMessage(error), { declined, planType });
}
