import type { RecordUsageBody, RecordUsageResponse } from '../../../common/billing.ts';
import { PLANS } from '../../../common/plans.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { findUserById, type UserRow } from '../users/service.ts';
import { type BillingDeps, isTestMode, liveSubscriptionOf, paymentRequired } from './deps.ts';
import { getProfile } from './profiles.ts';
import {
  findOpenRequest,
  findRecord,
  insertRequest,
  PAID_STATUSES,
  type RecordChange,
  stalePending,
  takeForCharge,
  toUsageRecord,
  type UsageRow,
  updateRecord,
} from './records.ts';

/**
 * A call to Stripe that did not come back leaves the record pending: the retry sends the same
 * idempotency key, so the user may safely try again.
 */
const orProviderDown = <T>(call: Promise<T>): Promise<T> =>
  call.catch(() => {
    throw new AppError(
      502,
      'The payment provider did not answer. Nothing was charged twice: please try again.',
      'payment_provider_unavailable',
    );
  });

/**
 * POST /api/record-usage. The owner of the connection, with a card: a pending usage record
 * first (its id is the idempotency key), then the charge, then the record says how it went.
 * An open request for the connection is returned instead of charging again.
 */
export async function recordUsage(
  deps: BillingDeps,
  user: UserRow,
  body: RecordUsageBody,
): Promise<RecordUsageResponse> {
  // The session's copy of the user: every change to its card or plan emits
  // user.billing_changed, which drops the cached copy in every process (NOTIFY).
  if (!user.stripeCustomerId || !user.paymentMethodId) {
    // Only the owner learns that a card is missing; anyone else learns nothing.
    await deps.connections.assertVisible(body.connectionId, { id: user.id, role: 'user' });
    throw paymentRequired('Please add a payment method before generating a report');
  }
  const plan = user.planType === 'premium' ? PLANS.premium : PLANS.basic;
  // Only the connection's owner may buy, admins included (this is buying, not administering):
  // anyone else is answered 404 here.
  const onDelivery = await deps.connections.chargedOnDelivery(body.connectionId, user.id);
  const values = {
    userId: user.id,
    connectionId: body.connectionId,
    reportType: body.reportType,
    description: body.description ?? `Utility report for connection #${body.connectionId}`,
    costCents: plan.pricePerReportCents,
    plan: plan.id,
    testMode: isTestMode(deps),
  };
  if (onDelivery) {
    const requested = await requestOnDelivery(deps, values);
    if (requested) return { ...toUsageRecord(requested), paymentIntentClientSecret: null };
  }
  const open =
    (onDelivery ? undefined : await insertRequest(deps.db, values)) ??
    (await findOpenRequest(deps.db, body.connectionId));
  if (!open || open.userId !== user.id) throw notFound('Connection not found');
  const settled = await settle(deps, open, user);
  if (settled.row.status === 'failed') {
    throw paymentRequired(settled.row.statusMessage ?? 'Your card was declined.');
  }
  return { ...toUsageRecord(settled.row), paymentIntentClientSecret: settled.clientSecret };
}

/** What the user reads on a request that is charged only once its report exists. */
const ON_DELIVERY_MESSAGE = 'Charged when the report is ready';

/**
 * A request charged on delivery: recorded, and its connection put to work, in one
 * transaction; nothing goes to the payment provider. Undefined when a request is already open
 * for the connection (the caller answers that one). Announced like a paid request, so that a
 * connection that became complete meanwhile has its report built at once.
 */
async function requestOnDelivery(
  deps: BillingDeps,
  values: Parameters<typeof insertRequest>[1],
): Promise<UsageRow | undefined> {
  const done = await deps.db.transaction(async (tx) => {
    const row = await insertRequest(tx, {
      ...values,
      status: 'requested',
      statusMessage: ON_DELIVERY_MESSAGE,
    });
    if (!row) return undefined;
    return { row, work: await deps.connections.startWork(tx, values.connectionId, row.userId) };
  });
  if (!done) return undefined;
  await announcePaid(deps, done.row, done.work);
  return done.row;
}

/** Moves a pending record on: charge (basic) or invoice item (premium), each exactly once. */
async function settle(
  deps: BillingDeps,
  row: UsageRow,
  user: UserRow,
  paid: (row: UsageRow, change: RecordChange) => Promise<UsageRow> = (r, change) =>
    recordPaid(deps, r, change),
): Promise<{ row: UsageRow; clientSecret: string | null }> {
  if (row.status !== 'pending') {
    return { row, clientSecret: await clientSecretOf(deps, row) };
  }
  if (!user.stripeCustomerId || !user.paymentMethodId) {
    throw paymentRequired('Please add a payment method before generating a report');
  }
  const key = `usage-record-${row.id}`;
  const metadata = {
    usageRecordId: String(row.id),
    userId: String(row.userId),
    connectionId: String(row.connectionId ?? ''),
  };
  const description = row.description ?? 'Utility report';
  if (row.plan === 'premium') {
    const subscriptionId = liveSubscriptionOf(await getProfile(deps.db, row.userId));
    if (!subscriptionId) {
      const failed = await updateRecord(deps.db, row.id, {
        status: 'failed',
        statusMessage: 'Your subscription is not active. Choose a plan again to continue.',
      });
      return { row: failed, clientSecret: null };
    }
    const item = await orProviderDown(
      deps.payments.addInvoiceItem({
        customerId: user.stripeCustomerId,
        subscriptionId,
        amountCents: row.costCents,
        description,
        metadata,
        idempotencyKey: key,
      }),
    );
    const invoiced = await paid(row, {
      status: 'invoiced',
      statusMessage: 'On your next monthly invoice',
      stripeInvoiceItemId: item.invoiceItemId,
    });
    return { row: invoiced, clientSecret: null };
  }
  const result = await orProviderDown(
    deps.payments.charge({
      amountCents: row.costCents,
      customerId: user.stripeCustomerId,
      paymentMethodId: user.paymentMethodId,
      description,
      metadata,
      idempotencyKey: key,
    }),
  );
  if (result.status === 'succeeded') {
    const billed = await paid(row, {
      status: 'billed',
      statusMessage: null,
      stripePaymentIntentId: result.paymentIntentId,
    });
    return { row: billed, clientSecret: null };
  }
  const waiting = result.status === 'requires_action';
  const unpaid = await updateRecord(deps.db, row.id, {
    status: waiting ? 'requires_action' : 'failed',
    statusMessage: result.message,
    stripePaymentIntentId: result.paymentIntentId,
  });
  return { row: unpaid, clientSecret: waiting ? result.clientSecret : null };
}

async function clientSecretOf(deps: BillingDeps, row: UsageRow): Promise<string | null> {
  if (row.status !== 'requires_action' || !row.stripePaymentIntentId) return null;
  const intent = await deps.payments.retrievePaymentIntent(row.stripePaymentIntentId);
  return intent.clientSecret ?? null;
}

/**
 * Records that a request is paid (or on the invoice) and, in the same transaction, that its
 * connection is being worked on: the two commit together or not at all. Once committed,
 * announces both: the report is built now if the connection is complete, else when it
 * becomes so.
 */
async function recordPaid(deps: BillingDeps, row: UsageRow, change: RecordChange) {
  const connectionId = row.connectionId;
  if (connectionId === null) return updateRecord(deps.db, row.id, change);
  const { updated, work } = await deps.db.transaction(async (tx) => ({
    updated: await updateRecord(tx, row.id, change),
    work: await deps.connections.startWork(tx, connectionId, row.userId),
  }));
  await announcePaid(deps, updated, work);
  return updated;
}

/** After the commit: the connection's move, then the request, carrying where it left it. */
async function announcePaid(
  deps: BillingDeps,
  row: UsageRow,
  work: Awaited<ReturnType<BillingDeps['connections']['startWork']>>,
) {
  await work.announce();
  if (work.status && row.connectionId !== null) {
    await deps.events.emit('report.requested', {
      usageRecordId: row.id,
      connectionId: row.connectionId,
      userId: row.userId,
      connectionStatus: work.status,
    });
  }
}

/**
 * Whether a built report may go to its owner: `delivered` when its request is paid (or was
 * charged just now); otherwise why not, for the owner's email. `declined`: the card was
 * refused (the request failed; a new Generate Report charges again at once). `confirm`: the
 * bank asks the cardholder (the dashboard offers Confirm payment). `later`: the provider did
 * not answer, or another run is charging it: the request stays pending and the sweep settles
 * it with the same key, which puts it through as a paid request (a fresh build, delivered).
 * `closed`: the request was refunded, cancelled or declined meanwhile: nothing is delivered.
 */
export type DeliveryCharge =
  | { outcome: 'delivered' }
  | { outcome: 'declined' | 'confirm'; message: string; amountCents: number }
  | { outcome: 'later' | 'closed' };

/** The charge of a request that waited for its report, made once the report exists. */
export async function chargeForDelivery(
  deps: BillingDeps,
  usageRecordId: number,
): Promise<DeliveryCharge> {
  const seen = await findRecord(deps.db, usageRecordId);
  if (!seen) return { outcome: 'closed' };
  if (PAID_STATUSES.includes(seen.status)) return { outcome: 'delivered' };
  // Being charged (or waiting for the cardholder): the payment, once through, builds afresh.
  if (seen.status === 'pending' || seen.status === 'requires_action') return { outcome: 'later' };
  // Refunded, cancelled or declined meanwhile: nothing is to be delivered.
  if (seen.status !== 'requested') return { outcome: 'closed' };
  const user = await findUserById(deps.db, seen.userId);
  if (!user?.stripeCustomerId || !user.paymentMethodId) {
    const message = 'There is no card on file to pay for the report.';
    await updateRecord(deps.db, seen.id, { status: 'failed', statusMessage: message });
    return { outcome: 'declined', message, amountCents: seen.costCents };
  }
  // Taken by one run only; the record is pending while the provider is asked.
  const row = await takeForCharge(deps.db, seen.id);
  if (!row) return { outcome: 'later' };
  try {
    // The connection is already being worked on: the change is the record's alone.
    const settled = await settle(deps, row, user, (r, change) =>
      updateRecord(deps.db, r.id, change),
    );
    const { status, statusMessage } = settled.row;
    if (PAID_STATUSES.includes(status)) return { outcome: 'delivered' };
    const message = statusMessage ?? 'Your card was declined.';
    const outcome = status === 'requires_action' ? 'confirm' : 'declined';
    return { outcome, message, amountCents: row.costCents };
  } catch {
    // Left pending: settled by the sweep with the same idempotency key.
    return { outcome: 'later' };
  }
}

/** After the cardholder confirmed on session (3-D Secure): re-read the PaymentIntent. */
export async function confirmUsage(
  deps: BillingDeps,
  user: UserRow,
  id: number,
): Promise<RecordUsageResponse> {
  const row = await findRecord(deps.db, id);
  if (!row || row.userId !== user.id) throw notFound('Usage record not found');
  const applied = row.stripePaymentIntentId
    ? await applyPaymentIntent(deps, row.stripePaymentIntentId)
    : row;
  const current = applied ?? row;
  if (current.status === 'failed') {
    throw paymentRequired(current.statusMessage ?? 'The payment was not confirmed.');
  }
  return {
    ...toUsageRecord(current),
    paymentIntentClientSecret: await clientSecretOf(deps, current),
  };
}

/** A PaymentIntent's real state, applied to its usage record (page return or webhook). */
export async function applyPaymentIntent(
  deps: BillingDeps,
  paymentIntentId: string,
): Promise<UsageRow | undefined> {
  const intent = await deps.payments.retrievePaymentIntent(paymentIntentId);
  const id = Number(intent.metadata.usageRecordId);
  const row = Number.isInteger(id) ? await findRecord(deps.db, id) : undefined;
  if (!row) return undefined;
  const unsettled = row.status === 'requires_action' || row.status === 'pending';
  if (intent.status === 'succeeded' && unsettled) {
    return recordPaid(deps, row, {
      status: 'billed',
      statusMessage: null,
      stripePaymentIntentId: intent.id,
    });
  }
  const gaveUp = intent.status === 'requires_payment_method' || intent.status === 'canceled';
  if (gaveUp && unsettled) {
    return updateRecord(deps.db, row.id, {
      status: 'failed',
      statusMessage: intent.lastError ?? 'The payment was not completed.',
    });
  }
  return row;
}

/** Requests left pending by a crash or a lost answer: settled with their own key (once). */
export async function settleStalePending(deps: BillingDeps, olderThanMs: number): Promise<number> {
  const rows = await stalePending(deps.db, new Date(Date.now() - olderThanMs));
  for (const row of rows) {
    const user = await findUserById(deps.db, row.userId);
    if (user) await settle(deps, row, user);
  }
  return rows.length;
}
