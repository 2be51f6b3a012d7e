import type { RecordUsageResponse } from '../../../common/billing.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { BillingDeps } from './deps.ts';
import { findRecord, toUsageRecord, type UsageRow, updateRecord } from './records.ts';

const conflict = (message: string) => new AppError(409, message, 'conflict');

/**
 * The data cannot be obtained: the user is not charged for nothing. A charge is refunded, an
 * invoice item taken off the next invoice; each at most once (idempotency key, status).
 */
export async function refund(
  deps: BillingDeps,
  adminId: number,
  id: number,
  reason: string,
): Promise<RecordUsageResponse> {
  const row = await findRecord(deps.db, id);
  if (!row) throw notFound('Usage record not found');
  if (row.status === 'refunded') return { ...toUsageRecord(row), paymentIntentClientSecret: null };
  const refunded = await refundRow(deps, row, adminId, reason);
  await deps.events.emit('report.cancelled', {
    usageRecordId: row.id,
    connectionId: row.connectionId,
    reason,
  });
  return { ...toUsageRecord(refunded), paymentIntentClientSecret: null };
}

/**
 * The refund itself, by an admin (`actorId`) or by the deadline (null): the provider's side
 * first, keyed by the record, then the record and its audit line through `deps.db`, which may
 * be the caller's transaction. The caller announces it once that has committed.
 */
export async function refundRow(
  deps: BillingDeps,
  row: UsageRow,
  actorId: number | null,
  reason: string,
): Promise<UsageRow> {
  let refundId: string | null = null;
  if (row.status === 'billed' && row.plan === 'basic') {
    if (row.stripePaymentIntentId) {
      ({ refundId } = await deps.payments.refund({
        paymentIntentId: row.stripePaymentIntentId,
        idempotencyKey: `refund-usage-record-${row.id}`,
      }));
    }
  } else if (row.status === 'invoiced' && row.stripeInvoiceItemId) {
    await deps.payments.deleteInvoiceItem(row.stripeInvoiceItemId);
  } else if (row.status === 'billed') {
    throw conflict(
      'This report was already paid on a monthly invoice: refund it from the Stripe dashboard.',
    );
  } else if (!['requested', 'pending', 'requires_action'].includes(row.status)) {
    throw conflict(`A ${row.status} request has nothing to refund`);
  }
  const refunded = await updateRecord(deps.db, row.id, {
    status: 'refunded',
    statusMessage: `Not charged: ${reason}`,
    stripeRefundId: refundId,
  });
  await recordAudit(deps.db, {
    actorId,
    action: actorId === null ? 'usage.refunded_overdue' : 'usage.refunded',
    entityType: 'usage_record',
    entityId: String(row.id),
    details: { reason, from: row.status, refundId },
  });
  return refunded;
}
