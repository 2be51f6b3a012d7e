/**
 * The payment provider behind one small interface, chosen once at start-up so no other code
 * asks which one it has: Stripe when its keys are set, else the labelled test mode in which
 * nothing is charged. Money is integer cents (USD). Every call that moves money takes an
 * idempotency key, so a retry, a double click or a restart after a crash never charges twice.
 */

type PaymentMode = 'stripe' | 'test';

export type CardSummary = { brand: string; last4: string; expires: string | null };

export type SetupIntentState = {
  id: string;
  customerId: string | null;
  /** Stripe's status; only `succeeded` carries a usable payment method. */
  status: string;
  paymentMethodId: string | null;
  metadata: Record<string, string>;
};

export type ChargeResult =
  | { status: 'succeeded'; paymentIntentId: string }
  /** The bank wants the cardholder (3-D Secure): confirm on session with this secret. */
  | {
      status: 'requires_action';
      paymentIntentId: string;
      clientSecret: string;
      message: string;
    }
  /** Declined or failed; nothing was charged. `message` is fit to show the user. */
  | { status: 'failed'; paymentIntentId: string | null; message: string };

export type PaymentIntentState = {
  id: string;
  status: string;
  amountCents: number;
  customerId: string | null;
  metadata: Record<string, string>;
  /** For confirming on session (Stripe.js) while the bank wants the cardholder. */
  clientSecret: string | null;
  /** Why the last attempt failed, fit to show the user; null when it did not fail. */
  lastError: string | null;
};

export type SubscriptionState = {
  id: string;
  customerId: string;
  /** Stripe's status: active, past_due, canceled, ... */
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  metadata: Record<string, string>;
};

export type InvoiceState = {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  status: string | null;
  /** The invoice items on it (ids `ii_...`) and what each says in its metadata. */
  invoiceItems: { id: string; metadata: Record<string, string> }[];
};

export type InvoicePreview = { amountDueCents: number; nextPaymentAttempt: Date | null };

/** A verified provider event: its id (for applying it once), type and object id. */
export type PaymentEvent = { id: string; type: string; objectId: string | null };

export interface Payments {
  readonly mode: PaymentMode;
  /** For Stripe.js on the payment page; null in test mode. */
  readonly publishableKey: string | null;

  /** A new customer for a user (called once; the id is stored on the user). */
  createCustomer(input: {
    userId: number;
    email: string | null;
    name: string;
    idempotencyKey: string;
  }): Promise<{ customerId: string }>;

  /** A SetupIntent for off-session use: the page collects the card against it. */
  createSetupIntent(input: {
    customerId: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string; clientSecret: string }>;

  /** Null when the provider holds no SetupIntent with this id. */
  retrieveSetupIntent(id: string): Promise<SetupIntentState | null>;

  describeCard(paymentMethodId: string): Promise<CardSummary>;

  /** Charges a saved card off-session and confirms at once. */
  charge(input: {
    amountCents: number;
    customerId: string;
    paymentMethodId: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ChargeResult>;

  retrievePaymentIntent(id: string): Promise<PaymentIntentState>;

  refund(input: { paymentIntentId: string; idempotencyKey: string }): Promise<{ refundId: string }>;

  /** The monthly subscription ($25 a month, the price created once and found by lookup key). */
  createSubscription(input: {
    customerId: string;
    paymentMethodId: string;
    monthlyFeeCents: number;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<SubscriptionState>;

  retrieveSubscription(id: string): Promise<SubscriptionState>;

  /** Cancel at the end of the period already paid for (or undo that). */
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<SubscriptionState>;

  /** One report on the subscription's next invoice. */
  addInvoiceItem(input: {
    customerId: string;
    subscriptionId: string;
    amountCents: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ invoiceItemId: string }>;

  /** Takes a report off the next invoice (only while it is not invoiced yet). */
  deleteInvoiceItem(id: string): Promise<void>;

  retrieveInvoice(id: string): Promise<InvoiceState>;

  /** What the subscription's next invoice will be, as of now. */
  previewInvoice(input: { customerId: string; subscriptionId: string }): Promise<InvoicePreview>;

  /** Checks a webhook's signature on the raw body; throws when it does not match. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}
