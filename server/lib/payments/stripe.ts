import Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';
import { recordWait } from '../timing.ts';
import type {
  CardSummary,
  ChargeResult,
  InvoicePreview,
  InvoiceState,
  PaymentEvent,
  PaymentIntentState,
  Payments,
  SetupIntentState,
  SubscriptionState,
} from './types.ts';

/** The monthly price is found by this key, so it is created once per Stripe account. */
export const MONTHLY_PRICE_LOOKUP_KEY = 'utility-reports-premium-monthly';
const MONTHLY_PRODUCT_NAME = 'Utility Reports Monthly Subscription';
const AUTHENTICATION_MESSAGE = 'Your bank asks you to confirm this payment.';
const FALLBACK_DECLINE_MESSAGE = 'Your card was declined.';

/**
 * How long one attempt waits for Stripe's answer. The SDK retries once (same idempotency key)
 * after a short pause of about half a second, so a Stripe that accepts the connection and never
 * answers costs a user at most about 12.5 s per call instead of minutes.
 */
const STRIPE_TIMEOUT_MS = 6_000;
const STRIPE_RETRIES = 1;

/**
 * Payments through Stripe's API (pinned to the SDK's API version). Every call that creates or
 * moves something passes the caller's idempotency key, which the SDK reuses for its retry; the
 * other writes (a SetupIntent, which moves no money, and flipping cancel-at-period-end, which
 * a fixed key would wrongly replay when flipped back) carry the key the SDK makes for every
 * POST, the same on its retry. Card outcomes come back as results; anything else (network,
 * API, bad request) throws so that the caller can retry with the same key.
 */
export class StripePayments implements Payments {
  readonly mode = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(config: StripeConfig) {
    this.publishableKey = config.publishableKey;
    this.webhookSecret = config.webhookSecret;
    this.stripe = new Stripe(config.secretKey, {
      ...apiAddress(config.apiUrl),
      maxNetworkRetries: STRIPE_RETRIES,
      timeout: config.timeoutMs ?? STRIPE_TIMEOUT_MS,
    });
    // Each answer's time, retries included, is counted as waiting on Stripe (Server-Timing).
    this.stripe.on('response', (event: { elapsed: number }) => recordWait('stripe', event.elapsed));
  }

  async createCustomer(input: {
    userId: number;
    email: string | null;
    name: string;
    idempotencyKey: string;
  }): Promise<{ customerId: string }> {
    const customer = await this.stripe.customers.create(
      {
        email: input.email ?? undefined,
        name: input.name,
        metadata: { userId: String(input.userId) },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return { customerId: customer.id };
  }

  async createSetupIntent(input: {
    customerId: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string; clientSecret: string }> {
    const intent = await this.stripe.setupIntents.create({
      customer: input.customerId,
      usage: 'off_session',
      // Cards only: a report is charged at once, and bank debits would stay `processing` for days.
      allowed_payment_method_types: ['card'],
      metadata: input.metadata,
    });
    if (!intent.client_secret) throw new Error(`Stripe SetupIntent ${intent.id} has no secret`);
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async retrieveSetupIntent(id: string): Promise<SetupIntentState | null> {
    let intent: Stripe.SetupIntent;
    try {
      intent = await this.stripe.setupIntents.retrieve(id);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return {
      id: intent.id,
      customerId: idOf(intent.customer),
      status: intent.status,
      paymentMethodId: idOf(intent.payment_method),
      metadata: intent.metadata ?? {},
    };
  }

  async describeCard(paymentMethodId: string): Promise<CardSummary> {
    const method = await this.stripe.paymentMethods.retrieve(paymentMethodId);
    if (!method.card) return { brand: method.type, last4: '', expires: null };
    const { brand, last4, exp_month: month, exp_year: year } = method.card;
    return { brand, last4, expires: `${twoDigits(month)}/${twoDigits(year % 100)}` };
  }

  async charge(input: {
    amountCents: number;
    customerId: string;
    paymentMethodId: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ChargeResult> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          off_session: true,
          confirm: true,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (error) {
      const outcome = cardOutcome(error);
      if (outcome) return outcome;
      throw error;
    }
    return intentOutcome(intent);
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentState> {
    const intent = await this.stripe.paymentIntents.retrieve(id);
    return {
      id: intent.id,
      status: intent.status,
      amountCents: intent.amount,
      customerId: idOf(intent.customer),
      metadata: intent.metadata ?? {},
      clientSecret: intent.client_secret,
      lastError: intent.last_payment_error?.message || null,
    };
  }

  async refund(input: {
    paymentIntentId: string;
    idempotencyKey: string;
  }): Promise<{ refundId: string }> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: input.paymentIntentId },
      { idempotencyKey: input.idempotencyKey },
    );
    return { refundId: refund.id };
  }

  async createSubscription(input: {
    customerId: string;
    paymentMethodId: string;
    monthlyFeeCents: number;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<SubscriptionState> {
    const priceId = await this.monthlyPrice(input.monthlyFeeCents);
    const subscription = await this.stripe.subscriptions.create(
      {
        customer: input.customerId,
        items: [{ price: priceId }],
        default_payment_method: input.paymentMethodId,
        metadata: input.metadata,
        off_session: true,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return subscriptionState(subscription);
  }

  async retrieveSubscription(id: string): Promise<SubscriptionState> {
    return subscriptionState(await this.stripe.subscriptions.retrieve(id));
  }

  async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<SubscriptionState> {
    const subscription = await this.stripe.subscriptions.update(id, {
      cancel_at_period_end: cancel,
    });
    return subscriptionState(subscription);
  }

  async addInvoiceItem(input: {
    customerId: string;
    subscriptionId: string;
    amountCents: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ invoiceItemId: string }> {
    const item = await this.stripe.invoiceItems.create(
      {
        customer: input.customerId,
        subscription: input.subscriptionId,
        amount: input.amountCents,
        currency: 'usd',
        description: input.description,
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return { invoiceItemId: item.id };
  }

  async deleteInvoiceItem(id: string): Promise<void> {
    try {
      await this.stripe.invoiceItems.del(id);
    } catch (error) {
      // Already gone (a retry after the first delete went through): the outcome wanted.
      if (isMissing(error)) return;
      throw error;
    }
  }

  async retrieveInvoice(id: string): Promise<InvoiceState> {
    const invoice = await this.stripe.invoices.retrieve(id);
    // The invoice embeds only its first lines; the rest are a separate list.
    const lines = invoice.lines.has_more
      ? await this.stripe.invoices.listLineItems(id, { limit: 100 }).autoPagingToArray({
          limit: 10_000,
        })
      : invoice.lines.data;
    const invoiceItems = lines.flatMap((line) => {
      const itemId = invoiceItemOf(line);
      return itemId ? [{ id: itemId, metadata: line.metadata ?? {} }] : [];
    });
    return {
      id: invoice.id,
      customerId: idOf(invoice.customer),
      subscriptionId: subscriptionOf(invoice),
      status: invoice.status,
      invoiceItems,
    };
  }

  async previewInvoice(input: {
    customerId: string;
    subscriptionId: string;
  }): Promise<InvoicePreview> {
    const preview = await this.stripe.invoices.createPreview({
      customer: input.customerId,
      subscription: input.subscriptionId,
    });
    return {
      amountDueCents: preview.amount_due,
      nextPaymentAttempt: fromUnix(preview.next_payment_attempt),
    };
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    if (!signature) throw new Error('Stripe webhook without a Stripe-Signature header');
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    const object = event.data.object as { id?: unknown };
    return {
      id: event.id,
      type: event.type,
      objectId: typeof object.id === 'string' ? object.id : null,
    };
  }

  /**
   * The monthly price, found by its lookup key; created (with its product) the first time. When
   * the fee changed, a new price takes the lookup key over, so the old one is no longer found.
   */
  private async monthlyPrice(monthlyFeeCents: number): Promise<string> {
    const { data } = await this.stripe.prices.list({
      lookup_keys: [MONTHLY_PRICE_LOOKUP_KEY],
      active: true,
      limit: 1,
    });
    const existing = data[0];
    if (
      existing &&
      existing.unit_amount === monthlyFeeCents &&
      existing.currency === 'usd' &&
      existing.recurring?.interval === 'month'
    ) {
      return existing.id;
    }
    // Deterministic keys: two first subscriptions at once still create one product and price.
    const price = await this.stripe.prices.create(
      {
        unit_amount: monthlyFeeCents,
        currency: 'usd',
        recurring: { interval: 'month' },
        lookup_key: MONTHLY_PRICE_LOOKUP_KEY,
        ...(existing
          ? { product: idOf(existing.product) ?? undefined, transfer_lookup_key: true }
          : { product_data: { name: MONTHLY_PRODUCT_NAME } }),
      },
      { idempotencyKey: `${MONTHLY_PRICE_LOOKUP_KEY}-${monthlyFeeCents}-${existing?.id ?? 'new'}` },
    );
    return price.id;
  }
}

/** Host, port and protocol of another API address (stripe-mock, a test's server). */
function apiAddress(
  apiUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** Stripe holds no object with the id in the path. */
const isMissing = (error: unknown) =>
  isStripeError(error) && error.statusCode === 404 && error.code === 'resource_missing';

/**
 * What went wrong talking to the payment provider: `unavailable` when it could not be reached,
 * did not answer in time, failed on its side or asked us to slow down (trying again later may
 * work); `refused` when it answered but refused the request (a mistake of ours or a setting:
 * trying again will not help); null for anything that is not the provider's answer.
 */
export function providerFailure(error: unknown): 'unavailable' | 'refused' | null {
  if (!isStripeError(error)) return null;
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error.statusCode ?? 0) >= 500
  ) {
    return 'unavailable';
  }
  return 'refused';
}

/** A declined or unauthenticated card as a result; null for errors that must throw. */
function cardOutcome(error: unknown): ChargeResult | null {
  if (!isStripeError(error)) return null;
  const intent = error.payment_intent;
  if (error.code === 'authentication_required' && intent?.client_secret) {
    return {
      status: 'requires_action',
      paymentIntentId: intent.id,
      clientSecret: intent.client_secret,
      message: AUTHENTICATION_MESSAGE,
    };
  }
  if (error.type !== 'StripeCardError') return null;
  return {
    status: 'failed',
    paymentIntentId: intent?.id ?? null,
    message: error.message || FALLBACK_DECLINE_MESSAGE,
  };
}

function intentOutcome(intent: Stripe.PaymentIntent): ChargeResult {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', paymentIntentId: intent.id };
    case 'requires_action':
      if (!intent.client_secret) break;
      return {
        status: 'requires_action',
        paymentIntentId: intent.id,
        clientSecret: intent.client_secret,
        message: AUTHENTICATION_MESSAGE,
      };
    case 'requires_payment_method':
      return {
        status: 'failed',
        paymentIntentId: intent.id,
        message: intent.last_payment_error?.message || FALLBACK_DECLINE_MESSAGE,
      };
  }
  // `processing` (bank debits) and the rest: not paid yet, not failed; the caller must not
  // assume either, so it learns the id and can re-read the PaymentIntent later.
  throw new Error(`Stripe PaymentIntent ${intent.id} is ${intent.status} after confirmation`);
}

function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  // Since API version 2025-03-31 the period lives on the items; before, on the subscription.
  const legacy = subscription as { current_period_end?: number | null };
  const periodEnd =
    subscription.items?.data[0]?.current_period_end ?? legacy.current_period_end ?? null;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: fromUnix(periodEnd),
    metadata: subscription.metadata ?? {},
  };
}

/** The invoice item a line came from (`parent` since 2025-03-31, `invoice_item` before). */
function invoiceItemOf(line: Stripe.InvoiceLineItem): string | null {
  const legacy = line as { type?: string; invoice_item?: string | null };
  return (
    line.parent?.invoice_item_details?.invoice_item ??
    (legacy.type === 'invoiceitem' ? (legacy.invoice_item ?? null) : null)
  );
}

function subscriptionOf(invoice: Stripe.Invoice): string | null {
  const legacy = invoice as { subscription?: string | { id: string } | null };
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy.subscription ?? null);
}

/** The id of a field that holds an id or, when expanded, the object. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function fromUnix(seconds: number | null | undefined): Date | null {
  return seconds ? new Date(seconds * 1000) : null;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
