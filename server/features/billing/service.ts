import type {
  BillingSummary,
  PlanId,
  RecordUsageBody,
  RecordUsageResponse,
  SetupIntentResponse,
  UsageRecord,
  UsageResponse,
} from '../../../common/billing.ts';
import { PLANS } from '../../../common/plans.ts';
import type { Db, Executor } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { type Page, pageResult } from '../../lib/cursor.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { DomainEvents } from '../../lib/events.ts';
import type { Payments, SubscriptionState } from '../../lib/payments/index.ts';
import type { ConnectionsService } from '../connections/service.ts';
import {
  attachStripeCustomer,
  findUserById,
  findUserByStripeCustomer,
  setPaymentMethod,
  type UserRow,
} from '../users/service.ts';
import {
  findOpenRequest,
  findRecord,
  firstSighting,
  forgetEvent,
  fulfilRecord,
  getProfile,
  hasPaidRequest,
  insertRequest,
  listRecords,
  PAID_STATUSES,
  paidAndWaiting,
  paidConnectionsOf,
  paidTotalOf,
  recordsOfConnection,
  saveProfile,
  stalePending,
  toUsageRecord,
  type UsageRow,
  updateRecord,
} from './records.ts';

/**
 * Whether this user paid for a report on this connection (billed, or on the invoice): what
 * unlocks the connection's files for its owner. A plain function of the database, so the
 * connections service can be handed it before billing, which needs that service, is built.
 */
export function hasPaidFor(db: Executor, connectionId: number, userId: number): Promise<boolean> {
  return hasPaidRequest(db, connectionId, userId);
}

const paymentRequired = (message: string) => new AppError(402, message, 'payment_required');
const providerDown = () =>
  new AppError(
    502,
    'The payment provider did not answer. Nothing was charged twice: please try again.',
    'payment_provider_unavailable',
  );

/** Subscriptions in these states still bill reports to their invoice. */
const LIVE_SUBSCRIPTION = ['active', 'trialing', 'past_due'];

/**
 * Billing: the card on file, the plan, and one usage record per report bought. The only code
 * that writes usage_records, billing_profiles and stripe_events; the user's Stripe ids and
 * plan are written through the users service. Every charge carries the usage record's id as
 * its idempotency key, so a double click, a retry or a restart after a crash charges once.
 */
export class BillingService {
  constructor(
    private readonly deps: {
      db: Db;
      payments: Payments;
      connections: ConnectionsService;
      events: DomainEvents;
    },
  ) {}

  get testMode(): boolean {
    return this.deps.payments.mode === 'test';
  }

  /**
   * The user's row as stored now. The session's copy may be a few seconds old (a card added in
   * another request), and billing must never act on stale Stripe ids or plans.
   */
  private async fresh(user: Pick<UserRow, 'id'>): Promise<UserRow> {
    const row = await findUserById(this.deps.db, user.id);
    if (!row) throw notFound('User not found');
    return row;
  }

  // The card

  /** POST /api/create-setup-intent: the customer once, then a SetupIntent for off-session use. */
  async createSetupIntent(user: UserRow, plan: PlanId): Promise<SetupIntentResponse> {
    if (this.testMode) return { clientSecret: 'test_mode', publishableKey: null, testMode: true };
    const customerId = await this.customerOf(await this.fresh(user));
    const intent = await this.deps.payments.createSetupIntent({
      customerId,
      metadata: { userId: String(user.id), plan },
    });
    return {
      clientSecret: intent.clientSecret,
      publishableKey: this.deps.payments.publishableKey,
      testMode: false,
    };
  }

  /** After Stripe.js confirmed the card: re-read the SetupIntent, never trust the browser. */
  async confirmSetup(sessionUser: UserRow, setupIntentId: string): Promise<void> {
    if (this.testMode) throw badRequest('Test mode records a test card instead');
    const user = await this.fresh(sessionUser);
    const intent = await this.deps.payments.retrieveSetupIntent(setupIntentId);
    if (!user.stripeCustomerId || intent.customerId !== user.stripeCustomerId) {
      throw notFound('Setup not found');
    }
    if (intent.status !== 'succeeded' || !intent.paymentMethodId) {
      throw badRequest('Your card has not been confirmed yet. Please try again.');
    }
    await this.applyCard(user.id, intent.paymentMethodId, planOf(intent.metadata.plan), intent.id);
  }

  /** Test mode's card: 4242, nothing charged, everything else as with Stripe. */
  async recordTestCard(user: UserRow, plan: PlanId): Promise<void> {
    if (!this.testMode) throw badRequest('Test cards are accepted only in test mode');
    await this.customerOf(await this.fresh(user));
    await this.applyCard(user.id, `test_pm_${user.id}_${Date.now()}`, plan, `test-card-${user.id}`);
  }

  /**
   * Stores the card and the plan; the subscription plan starts its subscription (once: the key
   * is the setup's id, so the webhook and the page confirming the same setup make one).
   */
  async applyCard(userId: number, paymentMethodId: string, plan: PlanId, setupKey: string) {
    const card = await this.deps.payments.describeCard(paymentMethodId);
    await saveProfile(this.deps.db, userId, {
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardExpires: card.expires,
    });
    await setPaymentMethod(this.deps.db, userId, { paymentMethodId, planType: plan });
    if (plan === 'premium') await this.startSubscription(userId, `subscription-${setupKey}`);
    await this.deps.events.emit('user.billing_changed', { userId });
  }

  private async customerOf(user: UserRow): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const { customerId } = await this.deps.payments.createCustomer({
      userId: user.id,
      email: user.email,
      name: user.username,
      idempotencyKey: `customer-user-${user.id}`,
    });
    const stored = await attachStripeCustomer(this.deps.db, user.id, customerId);
    await this.deps.events.emit('user.billing_changed', { userId: user.id });
    return stored;
  }

  // The plan

  private async startSubscription(userId: number, idempotencyKey: string) {
    const profile = await getProfile(this.deps.db, userId);
    if (profile?.subscriptionId && LIVE_SUBSCRIPTION.includes(profile.subscriptionStatus ?? '')) {
      if (profile.cancelAtPeriodEnd) await this.setCancel(userId, profile.subscriptionId, false);
      return;
    }
    const user = await findUserById(this.deps.db, userId);
    if (!user?.stripeCustomerId || !user.paymentMethodId) {
      throw paymentRequired('Please add a payment method first');
    }
    const subscription = await this.deps.payments.createSubscription({
      customerId: user.stripeCustomerId,
      paymentMethodId: user.paymentMethodId,
      monthlyFeeCents: PLANS.premium.monthlyFeeCents,
      metadata: { userId: String(userId) },
      idempotencyKey,
    });
    await this.saveSubscription(userId, subscription);
  }

  private async setCancel(userId: number, subscriptionId: string, cancel: boolean) {
    const state = await this.deps.payments.setCancelAtPeriodEnd(subscriptionId, cancel);
    await saveProfile(this.deps.db, userId, { cancelAtPeriodEnd: state.cancelAtPeriodEnd });
  }

  private async saveSubscription(userId: number, subscription: SubscriptionState) {
    await saveProfile(this.deps.db, userId, {
      subscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    });
  }

  /** Switches plans: to the subscription starts it; to pay-per-report cancels it at period end. */
  async changePlan(sessionUser: UserRow, plan: PlanId): Promise<BillingSummary> {
    const user = await this.fresh(sessionUser);
    if (!user.stripeCustomerId || !user.paymentMethodId) {
      throw paymentRequired('Please add a payment method first');
    }
    if (plan === 'premium') {
      const profile = await getProfile(this.deps.db, user.id);
      await this.startSubscription(
        user.id,
        `subscription-user-${user.id}-after-${profile?.subscriptionId ?? 'none'}`,
      );
      await setPaymentMethod(this.deps.db, user.id, { planType: 'premium' });
    } else {
      await this.cancelSubscription(user);
      // Reports stay at the subscription price until the period paid for ends.
      if (user.planType === 'free')
        await setPaymentMethod(this.deps.db, user.id, { planType: 'basic' });
    }
    await this.deps.events.emit('user.billing_changed', { userId: user.id });
    return this.summary(user);
  }

  async cancelSubscription(sessionUser: UserRow): Promise<BillingSummary> {
    const user = await this.fresh(sessionUser);
    const profile = await getProfile(this.deps.db, user.id);
    if (!profile?.subscriptionId || !LIVE_SUBSCRIPTION.includes(profile.subscriptionStatus ?? '')) {
      throw badRequest('You have no active subscription');
    }
    await this.setCancel(user.id, profile.subscriptionId, true);
    await this.deps.events.emit('user.billing_changed', { userId: user.id });
    return this.summary(user);
  }

  /** A subscription as the provider now says it is (webhook); ended ones fall back to basic. */
  async applySubscription(userId: number, subscription: SubscriptionState) {
    await this.saveSubscription(userId, subscription);
    if (!LIVE_SUBSCRIPTION.includes(subscription.status)) {
      const user = await findUserById(this.deps.db, userId);
      if (user?.planType === 'premium') {
        await setPaymentMethod(this.deps.db, userId, { planType: 'basic' });
      }
    }
    await this.deps.events.emit('user.billing_changed', { userId });
  }

  // Reports bought

  /**
   * POST /api/record-usage. The owner of the connection, with a card: a pending usage record
   * first (its id is the idempotency key), then the charge, then the record says how it went.
   * An open request for the connection is returned instead of charging again.
   */
  async recordUsage(user: UserRow, body: RecordUsageBody): Promise<RecordUsageResponse> {
    // The session's copy of the user: every change to its card or plan emits
    // user.billing_changed, which drops the cached copy in every process (NOTIFY).
    if (!user.stripeCustomerId || !user.paymentMethodId) {
      // Only the owner learns that a card is missing; anyone else learns nothing.
      await this.deps.connections.assertVisible(body.connectionId, { id: user.id, role: 'user' });
      throw paymentRequired('Please add a payment method before generating a report');
    }
    const plan = user.planType === 'premium' ? PLANS.premium : PLANS.basic;
    const open =
      (await insertRequest(this.deps.db, {
        userId: user.id,
        connectionId: body.connectionId,
        reportType: body.reportType,
        description: body.description ?? `Utility report for connection #${body.connectionId}`,
        costCents: plan.pricePerReportCents,
        plan: plan.id,
        testMode: this.testMode,
      })) ?? (await findOpenRequest(this.deps.db, body.connectionId));
    // Only the owner, admins included: this is buying, not administering.
    if (!open || open.userId !== user.id) throw notFound('Connection not found');
    const settled = await this.settle(open, user);
    if (settled.row.status === 'failed') {
      throw paymentRequired(settled.row.statusMessage ?? 'Your card was declined.');
    }
    return { ...toUsageRecord(settled.row), paymentIntentClientSecret: settled.clientSecret };
  }

  /** Moves a pending record on: charge (basic) or invoice item (premium), each exactly once. */
  private async settle(
    row: UsageRow,
    user: UserRow,
  ): Promise<{ row: UsageRow; clientSecret: string | null }> {
    if (row.status !== 'pending') {
      return { row, clientSecret: await this.clientSecretOf(row) };
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
    if (row.plan === 'premium') {
      const profile = await getProfile(this.deps.db, row.userId);
      if (
        !profile?.subscriptionId ||
        !LIVE_SUBSCRIPTION.includes(profile.subscriptionStatus ?? '')
      ) {
        const failed = await updateRecord(this.deps.db, row.id, {
          status: 'failed',
          statusMessage: 'Your subscription is not active. Choose a plan again to continue.',
        });
        return { row: failed, clientSecret: null };
      }
      const item = await this.deps.payments
        .addInvoiceItem({
          customerId: user.stripeCustomerId,
          subscriptionId: profile.subscriptionId,
          amountCents: row.costCents,
          description: row.description ?? 'Utility report',
          metadata,
          idempotencyKey: key,
        })
        .catch(() => {
          throw providerDown();
        });
      const invoiced = await this.paid(row, {
        status: 'invoiced',
        statusMessage: 'On your next monthly invoice',
        stripeInvoiceItemId: item.invoiceItemId,
      });
      return { row: invoiced, clientSecret: null };
    }
    const result = await this.deps.payments
      .charge({
        amountCents: row.costCents,
        customerId: user.stripeCustomerId,
        paymentMethodId: user.paymentMethodId,
        description: row.description ?? 'Utility report',
        metadata,
        idempotencyKey: key,
      })
      .catch(() => {
        throw providerDown();
      });
    if (result.status === 'succeeded') {
      const billed = await this.paid(row, {
        status: 'billed',
        statusMessage: null,
        stripePaymentIntentId: result.paymentIntentId,
      });
      return { row: billed, clientSecret: null };
    }
    if (result.status === 'requires_action') {
      const waiting = await updateRecord(this.deps.db, row.id, {
        status: 'requires_action',
        statusMessage: result.message,
        stripePaymentIntentId: result.paymentIntentId,
      });
      return { row: waiting, clientSecret: result.clientSecret };
    }
    const failed = await updateRecord(this.deps.db, row.id, {
      status: 'failed',
      statusMessage: result.message,
      stripePaymentIntentId: result.paymentIntentId,
    });
    return { row: failed, clientSecret: null };
  }

  private async clientSecretOf(row: UsageRow): Promise<string | null> {
    if (row.status !== 'requires_action' || !row.stripePaymentIntentId) return null;
    const intent = await this.deps.payments.retrievePaymentIntent(row.stripePaymentIntentId);
    return intent.clientSecret ?? null;
  }

  /**
   * Records that a request is paid (or on the invoice) and, in the same transaction, that its
   * connection is being worked on: the two commit together or not at all. Once committed,
   * announces both: the report is built now if the connection is complete, else when it
   * becomes so.
   */
  private async paid(row: UsageRow, change: Parameters<typeof updateRecord>[2]) {
    const connectionId = row.connectionId;
    if (connectionId === null) return updateRecord(this.deps.db, row.id, change);
    const { updated, work } = await this.deps.db.transaction(async (tx) => ({
      updated: await updateRecord(tx, row.id, change),
      work: await this.deps.connections.startWork(tx, connectionId, row.userId),
    }));
    await work.announce();
    if (work.status) {
      await this.deps.events.emit('report.requested', {
        usageRecordId: updated.id,
        connectionId,
        userId: updated.userId,
        connectionStatus: work.status,
      });
    }
    return updated;
  }

  /** After the cardholder confirmed on session (3-D Secure): re-read the PaymentIntent. */
  async confirmUsage(user: UserRow, id: number): Promise<RecordUsageResponse> {
    const row = await findRecord(this.deps.db, id);
    if (!row || row.userId !== user.id) throw notFound('Usage record not found');
    const applied = row.stripePaymentIntentId
      ? await this.applyPaymentIntent(row.stripePaymentIntentId)
      : row;
    const current = applied ?? row;
    if (current.status === 'failed') {
      throw paymentRequired(current.statusMessage ?? 'The payment was not confirmed.');
    }
    return {
      ...toUsageRecord(current),
      paymentIntentClientSecret: await this.clientSecretOf(current),
    };
  }

  /** A PaymentIntent's real state, applied to its usage record (page return or webhook). */
  async applyPaymentIntent(paymentIntentId: string): Promise<UsageRow | undefined> {
    const intent = await this.deps.payments.retrievePaymentIntent(paymentIntentId);
    const id = Number(intent.metadata.usageRecordId);
    const row = Number.isInteger(id) ? await findRecord(this.deps.db, id) : undefined;
    if (!row) return undefined;
    if (
      intent.status === 'succeeded' &&
      (row.status === 'requires_action' || row.status === 'pending')
    ) {
      return this.paid(row, {
        status: 'billed',
        statusMessage: null,
        stripePaymentIntentId: intent.id,
      });
    }
    const gaveUp = intent.status === 'requires_payment_method' || intent.status === 'canceled';
    if (gaveUp && (row.status === 'requires_action' || row.status === 'pending')) {
      return updateRecord(this.deps.db, row.id, {
        status: 'failed',
        statusMessage: intent.lastError ?? 'The payment was not completed.',
      });
    }
    return row;
  }

  /** Invoiced reports on a paid invoice are billed. */
  async applyInvoicePaid(invoiceId: string): Promise<void> {
    const invoice = await this.deps.payments.retrieveInvoice(invoiceId);
    for (const item of invoice.invoiceItems) {
      const row = await findRecord(this.deps.db, Number(item.metadata.usageRecordId));
      if (row?.status === 'invoiced' && row.stripeInvoiceItemId === item.id) {
        await updateRecord(this.deps.db, row.id, { status: 'billed', statusMessage: null });
      }
    }
  }

  async applyInvoiceFailed(invoiceId: string): Promise<void> {
    const invoice = await this.deps.payments.retrieveInvoice(invoiceId);
    for (const item of invoice.invoiceItems) {
      const row = await findRecord(this.deps.db, Number(item.metadata.usageRecordId));
      if (row?.status === 'invoiced' && row.stripeInvoiceItemId === item.id) {
        await updateRecord(this.deps.db, row.id, {
          statusMessage: 'The monthly invoice could not be charged; please update your card.',
        });
      }
    }
  }

  /**
   * The data cannot be obtained: the user is not charged for nothing. A charge is refunded, an
   * invoice item taken off the next invoice; each at most once (idempotency key, status).
   */
  async refund(adminId: number, id: number, reason: string): Promise<RecordUsageResponse> {
    const row = await findRecord(this.deps.db, id);
    if (!row) throw notFound('Usage record not found');
    if (row.status === 'refunded')
      return { ...toUsageRecord(row), paymentIntentClientSecret: null };
    let refundId: string | null = null;
    if (row.status === 'billed' && row.plan === 'basic') {
      if (row.stripePaymentIntentId) {
        ({ refundId } = await this.deps.payments.refund({
          paymentIntentId: row.stripePaymentIntentId,
          idempotencyKey: `refund-usage-record-${row.id}`,
        }));
      }
    } else if (row.status === 'invoiced' && row.stripeInvoiceItemId) {
      await this.deps.payments.deleteInvoiceItem(row.stripeInvoiceItemId);
    } else if (row.status === 'billed') {
      throw new AppError(
        409,
        'This report was already paid on a monthly invoice: refund it from the Stripe dashboard.',
        'conflict',
      );
    } else if (row.status !== 'pending' && row.status !== 'requires_action') {
      throw new AppError(409, `A ${row.status} request has nothing to refund`, 'conflict');
    }
    const refunded = await updateRecord(this.deps.db, row.id, {
      status: 'refunded',
      statusMessage: `Not charged: ${reason}`,
      stripeRefundId: refundId,
    });
    await recordAudit(this.deps.db, {
      actorId: adminId,
      action: 'usage.refunded',
      entityType: 'usage_record',
      entityId: String(row.id),
      details: { reason, from: row.status, refundId },
    });
    await this.deps.events.emit('report.cancelled', {
      usageRecordId: row.id,
      connectionId: row.connectionId,
      reason,
    });
    return { ...toUsageRecord(refunded), paymentIntentClientSecret: null };
  }

  /** Requests left pending by a crash or a lost answer: settled with their own key (once). */
  async settleStalePending(olderThanMs: number): Promise<number> {
    const rows = await stalePending(this.deps.db, new Date(Date.now() - olderThanMs));
    for (const row of rows) {
      const user = await findUserById(this.deps.db, row.userId);
      if (user) await this.settle(row, user);
    }
    return rows.length;
  }

  // Provider events

  /**
   * POST /api/stripe/webhook: the signature is checked on the raw body, each event is applied
   * once (its id is stored first), and what it is about is re-read from Stripe rather than
   * taken from the payload. An event about a customer we do not know is ignored.
   */
  async handleEvent(rawBody: Buffer, signature: string | undefined): Promise<string> {
    if (this.testMode) throw notFound('Not found');
    let event: ReturnType<Payments['verifyEvent']>;
    try {
      event = this.deps.payments.verifyEvent(rawBody, signature);
    } catch {
      throw badRequest('Invalid signature');
    }
    if (!(await firstSighting(this.deps.db, event.id, event.type))) return 'duplicate';
    try {
      return await this.applyEvent(event.type, event.objectId);
    } catch (error) {
      // Not applied: let Stripe's retry try again.
      await forgetEvent(this.deps.db, event.id);
      throw error;
    }
  }

  private async applyEvent(type: string, objectId: string | null): Promise<string> {
    if (!objectId) return 'ignored';
    switch (type) {
      case 'setup_intent.succeeded': {
        const intent = await this.deps.payments.retrieveSetupIntent(objectId);
        const user = intent.customerId
          ? await findUserByStripeCustomer(this.deps.db, intent.customerId)
          : undefined;
        if (!user || intent.status !== 'succeeded' || !intent.paymentMethodId) return 'ignored';
        await this.applyCard(
          user.id,
          intent.paymentMethodId,
          planOf(intent.metadata.plan),
          intent.id,
        );
        return 'applied';
      }
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
        return (await this.applyPaymentIntent(objectId)) ? 'applied' : 'ignored';
      case 'invoice.paid':
        await this.applyInvoicePaid(objectId);
        return 'applied';
      case 'invoice.payment_failed':
        await this.applyInvoiceFailed(objectId);
        return 'applied';
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = await this.deps.payments.retrieveSubscription(objectId);
        const user = await findUserByStripeCustomer(this.deps.db, subscription.customerId);
        if (!user) return 'ignored';
        await this.applySubscription(user.id, subscription);
        return 'applied';
      }
      default:
        return 'ignored';
    }
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

  /** The paid request (billed or on the invoice) still waiting for its report, if any. */
  async paidRequestWaiting(connectionId: number): Promise<UsageRecord | undefined> {
    const row = await findOpenRequest(this.deps.db, connectionId);
    return row && PAID_STATUSES.includes(row.status) ? toUsageRecord(row) : undefined;
  }

  /** Which of these connections have a paid request waiting for its report. */
  async connectionsWaiting(connectionIds: number[]): Promise<Set<number>> {
    return paidAndWaiting(this.deps.db, connectionIds);
  }

  /**
   * The report of a paid request was delivered: the request is closed (a new one may follow).
   * Only a paid request can be fulfilled; anything else is left as it is.
   */
  async markFulfilled(usageRecordId: number): Promise<void> {
    await fulfilRecord(this.deps.db, usageRecordId);
  }

  /** GET /api/billing; reads the user afresh (the session's copy may predate a change). */
  async summary(sessionUser: Pick<UserRow, 'id'>): Promise<BillingSummary> {
    const user = await this.fresh(sessionUser);
    const profile = await getProfile(this.deps.db, user.id);
    let subscription: BillingSummary['subscription'] = null;
    if (profile?.subscriptionId) {
      let next: { cents: number | null; at: Date | null } = {
        cents: null,
        at: profile.currentPeriodEnd,
      };
      if (
        LIVE_SUBSCRIPTION.includes(profile.subscriptionStatus ?? '') &&
        !profile.cancelAtPeriodEnd
      ) {
        next = await this.nextInvoice(user, profile.subscriptionId, profile.currentPeriodEnd);
      }
      subscription = {
        status: profile.subscriptionStatus ?? 'unknown',
        cancelAtPeriodEnd: profile.cancelAtPeriodEnd,
        currentPeriodEnd: profile.currentPeriodEnd?.toISOString() ?? null,
        nextInvoiceCents: next.cents,
        nextInvoiceDate: next.at?.toISOString() ?? null,
      };
    }
    return {
      plan: user.planType,
      testMode: this.testMode,
      publishableKey: this.deps.payments.publishableKey,
      paymentMethod:
        user.paymentMethodId && profile?.cardLast4 != null
          ? {
              brand: profile.cardBrand ?? 'card',
              last4: profile.cardLast4 ?? '',
              expires: profile.cardExpires,
            }
          : null,
      subscription,
    };
  }

  private async nextInvoice(
    user: UserRow,
    subscriptionId: string,
    periodEnd: Date | null,
  ): Promise<{ cents: number | null; at: Date | null }> {
    if (this.testMode) {
      const recent = await listRecords(this.deps.db, user.id, { after: undefined, limit: 1000 });
      const invoiced = recent.filter((r) => r.status === 'invoiced');
      const reports = invoiced.reduce((sum, r) => sum + r.costCents, 0);
      return { cents: PLANS.premium.monthlyFeeCents + reports, at: periodEnd };
    }
    if (!user.stripeCustomerId) return { cents: null, at: periodEnd };
    try {
      const preview = await this.deps.payments.previewInvoice({
        customerId: user.stripeCustomerId,
        subscriptionId,
      });
      return { cents: preview.amountDueCents, at: preview.nextPaymentAttempt ?? periodEnd };
    } catch {
      // The summary still answers when Stripe is slow; the estimate is left out.
      return { cents: null, at: periodEnd };
    }
  }
}

const planOf = (value: string | undefined): PlanId => (value === 'premium' ? 'premium' : 'basic');
