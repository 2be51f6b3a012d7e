import { createHash } from 'node:crypto';
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

/** Ids that say what they are: nothing made here exists at any payment provider. */
const testId = (prefix: string, key: string) =>
  `test_${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;

const inAMonth = () => new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);

/**
 * The labelled test mode `npm start` runs without Stripe keys: every call succeeds at once and
 * nothing is charged. Ids start with `test_`, and what is recorded with them says test mode,
 * so nothing here can be mistaken for a real charge. Idempotency keys give the same ids back,
 * as Stripe does.
 */
export class TestModePayments implements Payments {
  readonly mode = 'test' as const;
  readonly publishableKey = null;

  async createCustomer(input: { idempotencyKey: string }) {
    return { customerId: testId('cus', input.idempotencyKey) };
  }

  async createSetupIntent(): Promise<{ id: string; clientSecret: string }> {
    throw new Error('Test mode records a test card instead of a SetupIntent');
  }

  async retrieveSetupIntent(id: string): Promise<SetupIntentState | null> {
    throw new Error(`Test mode has no SetupIntent ${id}`);
  }

  async describeCard(): Promise<CardSummary> {
    return { brand: 'visa', last4: '4242', expires: '12/34' };
  }

  async charge(input: { idempotencyKey: string }): Promise<ChargeResult> {
    return { status: 'succeeded', paymentIntentId: testId('pi', input.idempotencyKey) };
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentState> {
    return {
      id,
      status: 'succeeded',
      amountCents: 0,
      customerId: null,
      metadata: {},
      clientSecret: null,
      lastError: null,
    };
  }

  async refund(input: { idempotencyKey: string }) {
    return { refundId: testId('re', input.idempotencyKey) };
  }

  async createSubscription(input: {
    customerId: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<SubscriptionState> {
    return {
      id: testId('sub', input.idempotencyKey),
      customerId: input.customerId,
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: inAMonth(),
      metadata: input.metadata,
    };
  }

  async retrieveSubscription(id: string): Promise<SubscriptionState> {
    throw new Error(`Test mode keeps subscription ${id} only in the database`);
  }

  async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<SubscriptionState> {
    return {
      id,
      customerId: '',
      status: 'active',
      cancelAtPeriodEnd: cancel,
      currentPeriodEnd: inAMonth(),
      metadata: {},
    };
  }

  async addInvoiceItem(input: { idempotencyKey: string }) {
    return { invoiceItemId: testId('ii', input.idempotencyKey) };
  }

  async deleteInvoiceItem(): Promise<void> {}

  async retrieveInvoice(id: string): Promise<InvoiceState> {
    throw new Error(`Test mode has no invoice ${id}`);
  }

  async previewInvoice(): Promise<InvoicePreview> {
    throw new Error('Test mode estimates the next invoice from its own records');
  }

  verifyEvent(): PaymentEvent {
    throw new Error('Test mode receives no payment provider events');
  }
}
