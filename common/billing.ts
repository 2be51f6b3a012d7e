import { z } from 'zod';
import { rowId } from './api.ts';
import type { CredentialsFields } from './credentials-state.ts';
import { NextCursor } from './pagination.ts';

/** Billing API contract: the card, the plan and the reports bought. Money is integer cents. */

export const PlanId = z.enum(['basic', 'premium'], { error: 'Please choose a plan' });
export type PlanId = z.infer<typeof PlanId>;

/** POST /api/create-setup-intent */
export const SetupIntentBody = z.object({ plan: PlanId.default('basic') });
export type SetupIntentBody = z.infer<typeof SetupIntentBody>;

/**
 * `clientSecret` is the SetupIntent's, for Stripe.js on the payment page. In test mode (no Stripe keys) there is no Stripe:
 * `testMode` is true, `publishableKey` null, and the page records a test card instead.
 */
export const SetupIntentResponse = z.object({
  clientSecret: z.string(),
  publishableKey: z.string().nullable(),
  testMode: z.boolean(),
});
export type SetupIntentResponse = z.infer<typeof SetupIntentResponse>;

/** POST /api/billing/confirm-setup: after Stripe's confirmSetup, the server re-reads it. */
export const ConfirmSetupBody = z.object({
  setupIntentId: z.string().regex(/^seti_[A-Za-z0-9_]+$/, 'Invalid setup intent'),
});
export type ConfirmSetupBody = z.infer<typeof ConfirmSetupBody>;

/** POST /api/billing/test-card: test mode only. */
export const TestCardBody = z.object({ plan: PlanId.default('basic') });

export const UsageStatus = z.enum([
  /**
   * Asked for before the connection's data could be counted on (its login failed, is not
   * checked yet, or waits for a code): nothing is charged until the report exists.
   */
  'requested',
  /** Created; the charge has not answered yet. */
  'pending',
  /** Paid (pay-per-report) or paid on the month's invoice (subscription). */
  'billed',
  /** On the subscription's next invoice, billed at month end. */
  'invoiced',
  /** The bank asks the cardholder to confirm (3-D Secure). */
  'requires_action',
  /** Declined or failed; nothing was charged and no report was started. */
  'failed',
  /** The report could not be delivered: refunded, or taken off the invoice. */
  'refunded',
]);
export type UsageStatus = z.infer<typeof UsageStatus>;

/**
 * Whether Generate Report on this connection charges when the report is ready rather than at
 * once: only a connection whose data is complete or whose login the utility accepted is
 * charged at once; a failed, unchecked or missing login may never yield data, and the user
 * pays only for a report that exists.
 */
export function chargedOnDelivery(
  connection: { status: string } & Pick<
    CredentialsFields,
    'credentialsVerified' | 'credentialsPurgedAt'
  >,
): boolean {
  if (connection.status === 'complete') return false;
  return connection.credentialsPurgedAt !== null || connection.credentialsVerified !== true;
}

/** POST /api/record-usage: Generate Report on a connection, paid for at the plan's price. */
export const RecordUsageBody = z.object({
  reportType: z.literal('utility_report').default('utility_report'),
  connectionId: rowId('connectionId is required', 'Invalid connectionId'),
  description: z.string().trim().max(500).optional(),
});
export type RecordUsageBody = z.infer<typeof RecordUsageBody>;

export const UsageRecord = z.object({
  id: z.number().int(),
  reportType: z.string(),
  description: z.string().nullable(),
  connectionId: z.number().int().nullable(),
  /** Dollars, as the pages show them; `costCents` is the exact figure. */
  cost: z.number(),
  costCents: z.number().int(),
  status: UsageStatus,
  plan: PlanId,
  /** Why a charge failed or needs the cardholder, or why it was refunded. */
  statusMessage: z.string().nullable(),
  /** Recorded in test mode: no card was charged. */
  testMode: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type UsageRecord = z.infer<typeof UsageRecord>;

/** The answer to record-usage: the record, and Stripe's secret when the bank wants a check. */
export const RecordUsageResponse = UsageRecord.extend({
  /** Present when `status` is `requires_action`: confirm with Stripe.js on this page. */
  paymentIntentClientSecret: z.string().nullable(),
});
export type RecordUsageResponse = z.infer<typeof RecordUsageResponse>;

/** GET /api/usage: the list and the total of what was billed. */
export const UsageResponse = z.object({
  /** Newest first; `cursor` and `limit` page through them. */
  usage: z.array(UsageRecord),
  /** Dollars billed or on an invoice, over every record; refunded and failed ones do not count. */
  totalCost: z.number(),
  totalCostCents: z.number().int(),
  nextCursor: NextCursor,
});
export type UsageResponse = z.infer<typeof UsageResponse>;

/**
 * GET /api/billing/terms (public): what this installation promises about undelivered reports,
 * for the pricing page and the Generate Report dialog.
 */
export const BillingTerms = z.object({
  /** Days past a plan's turnaround before an undelivered request is refunded or cancelled. */
  reportDeadlineDays: z.number(),
});
export type BillingTerms = z.infer<typeof BillingTerms>;

/** GET /api/billing */
export const BillingSummary = z.object({
  plan: z.enum(['free', 'basic', 'premium']),
  testMode: z.boolean(),
  /** For Stripe.js when a charge needs the cardholder's confirmation; null in test mode. */
  publishableKey: z.string().nullable(),
  paymentMethod: z
    .object({ brand: z.string(), last4: z.string(), expires: z.string().nullable() })
    .nullable(),
  subscription: z
    .object({
      status: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: z.iso.datetime().nullable(),
      /** The next invoice: the monthly fee plus this month's reports so far. */
      nextInvoiceCents: z.number().int().nullable(),
      nextInvoiceDate: z.iso.datetime().nullable(),
    })
    .nullable(),
});
export type BillingSummary = z.infer<typeof BillingSummary>;

/** POST /api/billing/plan: switch between pay-per-report and the subscription. */
export const ChangePlanBody = z.object({ plan: PlanId });

/** POST /api/usage/:id/refund (admin): the data could not be obtained. */
export const RefundBody = z.object({
  reason: z.string().trim().min(1, 'Please say why the report cannot be delivered').max(500),
});
// Kept in constants.ts (no zod): the pages that show it should not load zod for one string.
