import { ConfirmSetupBody } from '@common/billing.ts';
import { describe, expect, it } from 'vitest';
import { readPaymentReturn, withoutPaymentReturn } from './payment-return.ts';

const STRIPE_RETURN =
  '?payment=success&setup_intent=seti_1Abc&setup_intent_client_secret=seti_1Abc_secret_XyZ&redirect_status=succeeded';

describe('readPaymentReturn', () => {
  it('ignores an ordinary dashboard visit', () => {
    expect(readPaymentReturn('')).toBeNull();
    expect(readPaymentReturn('?tab=billing')).toBeNull();
  });

  it("reads the SetupIntent Stripe's redirect names", () => {
    expect(readPaymentReturn(STRIPE_RETURN)).toEqual({ setupIntentId: 'seti_1Abc' });
  });

  it('has nothing to confirm without a valid SetupIntent id', () => {
    expect(readPaymentReturn('?payment=success')).toEqual({ setupIntentId: null });
    expect(readPaymentReturn('?payment=success&setup_intent=pi_123')).toEqual({
      setupIntentId: null,
    });
    expect(readPaymentReturn('?payment=success&setup_intent=seti_1%2F..%2Fx')).toEqual({
      setupIntentId: null,
    });
  });

  it('accepts exactly the ids the API contract accepts', () => {
    for (const id of [
      'seti_1Abc',
      'seti_1Abc_2',
      'seti_',
      'pi_1',
      'seti_1-2',
      'seti_1.2',
      'seti_1 2',
      'seti_1Abc\n',
      '',
    ]) {
      const read = readPaymentReturn(`?payment=success&setup_intent=${encodeURIComponent(id)}`);
      const contract = ConfirmSetupBody.safeParse({ setupIntentId: id }).success;
      expect(read?.setupIntentId === id, id).toBe(contract);
    }
  });
});

describe('withoutPaymentReturn', () => {
  it('drops every return parameter, the client secret included', () => {
    expect(withoutPaymentReturn(STRIPE_RETURN)).toBe('');
  });

  it('keeps the rest of the query', () => {
    expect(withoutPaymentReturn(`${STRIPE_RETURN}&tab=billing`)).toBe('tab=billing');
  });
});
