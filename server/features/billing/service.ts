import type {
  BillingSummary,
  PlanId,
  RecordUsageBody,
  RecordUsageResponse,
  SetupIntentResponse,
  UsageRecord,
  UsageResponse,
} from '../../../common/billing.ts';
import type { Executor } from '../../db/client.ts';
import { type Page, pageResult } from '../../lib/cursor.ts';
import type { UserRow } from '../users/service.ts';
import { confirmSetup, createSetupIntent, recordTestCard } from './card.ts';
import type { BillingDeps } from './deps.ts';
import { type OverdueOptions, refundOverdue } from './overdue.ts';
import { accountOpen, cancelSubscription, changePlan, closeAccount, summary } from './plan.ts';
import {
  BUILD_STATUSES,
  findOpenRequest,
  fulfilRecord,
  hasPaidRequest,
  listRecords,
  paidAndWaiting,
  paidConnectionsOf,
  paidTotalOf,
  recordsOfConnection,
  toUsageRecord,
} from './records.ts';
import { refund } from './refund.ts';
import { handleEvent } from './stripe-events.ts';
import {
  chargeForDelivery,
  confirmUsage,
  type DeliveryCharge,
  recordUsage,
  settleStalePending,
} from './usage.ts';

export type { DeliveryCharge } from './usage.ts';

/**
 * Whether this user paid for a report on this connection (billed, or on the invoice): what
 * unlocks the connection's files for its owner. A plain function of the database, so the
 * connections service can be handed it before billing, which needs that service, is built.
 */
export function hasPaidFor(db: Executor, connectionId: number, userId: number): Promise<boolean> {
  return hasPaidRequest(db, connectionId, userId);
}

/**
 * Billing: the card on file, the plan, and one usage record per report bought. The only code
 * that writes usage_records, billing_profiles and stripe_events; the user's Stripe ids and
 * plan are written through the users service. Every charge carries the usage record's id as
 * its idempotency key, so a double click, a retry or a restart after a crash charges once.
 * The work is done in card.ts and plan.ts, usage.ts and refund.ts (reports bought), and
 * stripe-events.ts (the webhook); this class hands each the same dependencies.
 */
export class BillingService {
  constructor(private readonly deps: BillingDeps) {}

  // The card and the plan

  createSetupIntent(user: UserRow, plan: PlanId): Promise<SetupIntentResponse> {
    return createSetupIntent(this.deps, user, plan);
  }

  /** After Stripe.js confirmed the card; answers the billing summary with the card on it. */
  async confirmSetup(user: UserRow, setupIntentId: string): Promise<BillingSummary> {
    await confirmSetup(this.deps, user, setupIntentId);
    return summary(this.deps, user);
  }

  /** Test mode's card (nothing is charged); answers the billing summary with it. */
  async recordTestCard(user: UserRow, plan: PlanId): Promise<BillingSummary> {
    await recordTestCard(this.deps, user, plan);
    return summary(this.deps, user);
  }

  changePlan(user: UserRow, plan: PlanId): Promise<BillingSummary> {
    return changePlan(this.deps, user, plan);
  }

  cancelSubscription(user: UserRow): Promise<BillingSummary> {
    return cancelSubscription(this.deps, user);
  }

  /** A deleted account's subscription ends with its paid period; its card is forgotten. */
  closeAccount(userId: number): Promise<void> {
    return closeAccount(this.deps, userId);
  }

  /** Whether a deleted account's billing still has a card or a renewing subscription. */
  accountOpen(userId: number): Promise<boolean> {
    return accountOpen(this.deps, userId);
  }

  /** GET /api/billing; reads the user afresh (the session's copy may predate a change). */
  summary(user: Pick<UserRow, 'id'>): Promise<BillingSummary> {
    return summary(this.deps, user);
  }

  // Reports bought

  recordUsage(user: UserRow, body: RecordUsageBody): Promise<RecordUsageResponse> {
    return recordUsage(this.deps, user, body);
  }

  confirmUsage(user: UserRow, id: number): Promise<RecordUsageResponse> {
    return confirmUsage(this.deps, user, id);
  }

  refund(adminId: number, id: number, reason: string): Promise<RecordUsageResponse> {
    return refund(this.deps, adminId, id, reason);
  }

  /** Requests left pending by a crash or a lost answer: settled with their own key (once). */
  settleStalePending(olderThanMs: number): Promise<number> {
    return settleStalePending(this.deps, olderThanMs);
  }

  /**
   * Requests whose report did not come by the plan's turnaround plus the grace: refunded (or
   * cancelled) once each, and the user emailed. `now` is the clock the deadline is read by.
   */
  refundOverdue(options: OverdueOptions): Promise<number> {
    return refundOverdue(this.deps, options);
  }

  // Provider events

  handleEvent(rawBody: Buffer, signature: string | undefined): Promise<string> {
    return handleEvent(this.deps, rawBody, signature);
  }

  // Reading

  async usage(user: Pick<UserRow, 'id'>, page: Page): Promise<UsageResponse> {
    const [rows, totalCostCents] = await Promise.all([
      listRecords(this.deps.db, user.id, page),
      paidTotalOf(this.deps.db, user.id),
    ]);
    const { items, nextCursor } = pageResult(rows, page.limit, (row) => row);
    return {
      usage: items.map(toUsageRecord),
      totalCost: totalCostCents / 100,
      totalCostCents,
      nextCursor,
    };
  }

  /** Every request on a connection, for admins deciding on a refund. */
  async requestsOf(connectionId: number): Promise<UsageRecord[]> {
    return (await recordsOfConnection(this.deps.db, connectionId)).map(toUsageRecord);
  }

  /** The connections this user paid a report for. */
  paidConnections(userId: number): Promise<Set<number>> {
    return paidConnectionsOf(this.deps.db, userId);
  }

  /**
   * The request still waiting for its report, if any: paid (billed or on the invoice), or to
   * be charged once the report exists.
   */
  async requestWaiting(connectionId: number): Promise<UsageRecord | undefined> {
    const row = await findOpenRequest(this.deps.db, connectionId);
    return row && BUILD_STATUSES.includes(row.status) ? toUsageRecord(row) : undefined;
  }

  /**
   * A report was built for this request: whether it may be delivered. A paid request may; one
   * charged on delivery is charged now (or put on the invoice), once, and may be if that went
   * through. Otherwise the answer says why not, for the owner's email.
   */
  chargeForDelivery(usageRecordId: number): Promise<DeliveryCharge> {
    return chargeForDelivery(this.deps, usageRecordId);
  }

  /** Which of these connections have a request (paid or charged on delivery) waiting for its report. */
  connectionsWaiting(connectionIds: number[]): Promise<Set<number>> {
    return paidAndWaiting(this.deps.db, connectionIds);
  }

  /**
   * The report of a paid request was delivered: the request is closed (a new one may follow).
   * Only a paid request can be fulfilled; anything else is left as it is.
   */
  markFulfilled(usageRecordId: number): Promise<void> {
    return fulfilRecord(this.deps.db, usageRecordId);
  }
}
