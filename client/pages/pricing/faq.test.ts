import { describe, expect, it } from 'vitest';
import { pricingFaq } from './faq.ts';

describe('the pricing FAQ', () => {
  it('states the refund deadline the server keeps', () => {
    const answer = (days: number) =>
      pricingFaq(days).find((e) => e.question === 'What if a report is not delivered?')?.answer;
    expect(answer(3)).toContain('plus 3 days');
    expect(answer(1)).toContain('plus 1 day,');
    expect(answer(3)).toContain('nothing is charged until the report is ready');
  });
});
