import { describe, expect, it } from 'vitest';
import { paymentNeededMessage } from './payment-needed-message.ts';

const input = {
  username: 'solarsam',
  customerName: '<img src=x onerror=alert(1)>',
  providerName: 'PG&E',
  amountCents: 2999,
  detail: 'Your card was declined.',
  dashboardUrl: 'https://reports.example.com/dashboard',
};

describe('the payment-needed email', () => {
  it('says nothing was charged and what to do, escaping what people typed', () => {
    const declined = paymentNeededMessage({ ...input, reason: 'declined' });
    expect(declined.text).toContain('We tried to charge the $29.99');
    expect(declined.text).toContain('nothing was charged');
    expect(declined.text).toContain('update your card in Billing');
    expect(declined.html).not.toContain('<img');
    expect(declined.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(declined.html).toContain('PG&amp;E');
    expect(declined.html).toContain('href="https://reports.example.com/dashboard"');
  });

  it('asks the cardholder to confirm when the bank wants it', () => {
    const confirm = paymentNeededMessage({ ...input, reason: 'confirm', detail: null });
    expect(confirm.text).toContain('choose Confirm payment');
    expect(confirm.text).not.toContain('What the bank said');
  });
});
