import { randomBytes } from 'node:crypto';
import { type Json, type Meta, noSuch } from './route.ts';

/** ok: paid; decline: card_declined; authentication_required: off-session 3-D Secure refused; requires_action: the PaymentIntent comes back waiting for the cardholder. */
export type CardBehaviour = 'ok' | 'decline' | 'authentication_required' | 'requires_action';

export type Customer = { id: string; email: string | null; name: string | null; metadata: Meta };
export type SetupIntent = {
  id: string;
  customer: string;
  status: string;
  paymentMethod: string | null;
  metadata: Meta;
};
type Card = { brand: string; last4: string; expMonth: number; expYear: number };
export type PaymentMethod = Card & {
  id: string;
  customer: string | null;
  behaviour: CardBehaviour;
};
export type PaymentIntent = {
  id: string;
  amount: number;
  customer: string;
  paymentMethod: string;
  description: string | null;
  metadata: Meta;
  status: string;
  lastError: Json | null;
  refunded: boolean;
};
export type Price = {
  id: string;
  product: string;
  unitAmount: number;
  lookupKey: string | null;
  active: boolean;
};
export type Subscription = {
  id: string;
  customer: string;
  price: string;
  itemId: string;
  paymentMethod: string;
  metadata: Meta;
  status: string;
  cancelAtPeriodEnd: boolean;
  periodStart: number;
  periodEnd: number;
  latestInvoice: string | null;
};
export type InvoiceItem = {
  id: string;
  customer: string;
  subscription: string;
  amount: number;
  description: string | null;
  metadata: Meta;
  invoice: string | null;
  date: number;
};
export type Invoice = {
  id: string;
  customer: string;
  subscription: string;
  status: string;
  lines: Json[];
  periodStart: number;
  periodEnd: number;
  created: number;
};

/** Everything the fake Stripe account holds, by id. */
export function createState() {
  return {
    customers: new Map<string, Customer>(),
    setupIntents: new Map<string, SetupIntent>(),
    paymentMethods: new Map<string, PaymentMethod>(),
    paymentIntents: new Map<string, PaymentIntent>(),
    refunds: new Map<string, Json>(),
    products: new Map<string, Json>(),
    prices: new Map<string, Price>(),
    subscriptions: new Map<string, Subscription>(),
    invoiceItems: new Map<string, InvoiceItem>(),
    invoices: new Map<string, Invoice>(),
  };
}

export type FakeStripeState = ReturnType<typeof createState>;

/** The object of this id, or Stripe's "No such ..." answer naming `param`. */
export const find = <T>(map: Map<string, T>, kind: string, id: string, param = 'id'): T => {
  const found = map.get(id);
  if (!found) throw noSuch(kind, id, param);
  return found;
};

// Stripe's ids are letters and digits after the prefix (no '_' or '-', which the secrets use).
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
/** Stripe's timestamps: whole seconds. */
export const now = () => Math.floor(Date.now() / 1000);
export const nextMonth = (seconds: number) => {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
};
