import { badRequest, notFound } from '../../lib/errors.ts';
import type { Payments } from '../../lib/payments/index.ts';
import { findUserByStripeCustomer } from '../users/service.ts';
import { applyCard, planOf } from './card.ts';
import { type BillingDeps, isTestMode } from './deps.ts';
import { applySubscription } from './plan.ts';
import { firstSighting, forgetEvent } from './profiles.ts';
import { findRecord, type RecordChange, updateRecord } from './records.ts';
import { applyPaymentIntent } from './usage.ts';

/**
 * POST /api/stripe/webhook: the signature is checked on the raw body, each event is applied
 * once (its id is stored first), and what it is about is re-read from Stripe rather than
 * taken from the payload. An event about a customer we do not know is ignored.
 */
export async function handleEvent(
  deps: BillingDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<string> {
  if (isTestMode(deps)) throw notFound('Not found');
  let event: ReturnType<Payments['verifyEvent']>;
  try {
    event = deps.payments.verifyEvent(rawBody, signature);
  } catch {
    throw badRequest('Invalid signature');
  }
  if (!(await firstSighting(deps.db, event.id, event.type))) return 'duplicate';
  try {
    return await applyEvent(deps, event.type, event.objectId);
  } catch (error) {
    // Not applied: let Stripe's retry try again.
    await forgetEvent(deps.db, event.id);
    throw error;
  }
}

async function applyEvent(deps: BillingDeps, type: string, objectId: string | null) {
  if (!objectId) return 'ignored';
  switch (type) {
    case 'setup_intent.succeeded': {
      const intent = await deps.payments.retrieveSetupIntent(objectId);
      const user = intent?.customerId
        ? await findUserByStripeCustomer(deps.db, intent.customerId)
        : undefined;
      if (!intent || !user || intent.status !== 'succeeded' || !intent.paymentMethodId) {
        return 'ignored';
      }
      const plan = planOf(intent.metadata.plan);
      await applyCard(deps, user.id, intent.paymentMethodId, plan, intent.id);
      return 'applied';
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
      return (await applyPaymentIntent(deps, objectId)) ? 'applied' : 'ignored';
    case 'invoice.paid':
      await applyInvoice(deps, objectId, { status: 'billed', statusMessage: null });
      return 'applied';
    case 'invoice.payment_failed':
      await applyInvoice(deps, objectId, {
        statusMessage: 'The monthly invoice could not be charged; please update your card.',
      });
      return 'applied';
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = await deps.payments.retrieveSubscription(objectId);
      const user = await findUserByStripeCustomer(deps.db, subscription.customerId);
      if (!user) return 'ignored';
      await applySubscription(deps, user.id, subscription);
      return 'applied';
    }
    default:
      return 'ignored';
  }
}

/**
 * An invoice's outcome on the reports it carries: paid, they are billed; failed, they stay on
 * it and say why. Only reports still invoiced, through the very item on the invoice, change.
 */
async function applyInvoice(deps: BillingDeps, invoiceId: string, change: RecordChange) {
  const invoice = await deps.payments.retrieveInvoice(invoiceId);
  for (const item of invoice.invoiceItems) {
    const row = await findRecord(deps.db, Number(item.metadata.usageRecordId));
    if (row?.status === 'invoiced' && row.stripeInvoiceItemId === item.id) {
      await updateRecord(deps.db, row.id, change);
    }
  }
}
