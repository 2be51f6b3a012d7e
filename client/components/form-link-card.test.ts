import { describe, expect, it } from 'vitest';
import { customerFormUrl, formEmailHref, formTextMessage } from './form-link-card.tsx';

describe('customer form link texts', () => {
  const url = customerFormUrl('abc_DEF-123', 'https://reports.example');

  it('builds the link from the unique form address', () => {
    expect(url).toBe('https://reports.example/form/abc_DEF-123');
  });

  it('prewrites an email with the subject and the link', () => {
    const href = new URL(formEmailHref(url));
    expect(href.protocol).toBe('mailto:');
    expect(href.searchParams.get('subject')).toBe('Your Customer Connection Form');
    expect(href.searchParams.get('body')).toContain(url);
  });

  it('prepares the text message', () => {
    expect(formTextMessage(url)).toBe(
      'Your customer form: https://reports.example/form/abc_DEF-123',
    );
  });
});
