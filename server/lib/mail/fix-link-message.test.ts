import { describe, expect, it } from 'vitest';
import { fixLinkMessage } from './fix-link-message.ts';
import { submissionReceivedMessage } from './messages.ts';

const requester = { companyName: 'Sunrise Solar', replyToEmail: 'office@sunrise.example' };

describe("the customer's emails about their login", () => {
  it('the confirmation says the login is being checked, not that nothing is left to do', () => {
    const mail = submissionReceivedMessage({
      customerName: 'Dana',
      requester,
      providerName: 'Test Electric',
    });
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('We are checking your login with Test Electric now');
      expect(part).not.toMatch(/do not need to do anything/i);
    }
  });

  it('the fix link message carries the link, never a password, in plain words', () => {
    const mail = fixLinkMessage({
      customerName: 'Dana <b>',
      providerName: 'Test Electric',
      requester,
      link: 'https://reports.example/form/fix/abc',
      expiresAt: new Date('2026-12-03T10:00:00Z'),
      locked: false,
    });
    expect(mail.subject).toBe('Test Electric did not accept your login');
    expect(mail.text).toContain('https://reports.example/form/fix/abc');
    expect(mail.text).toContain('The link works once, until December 3, 2026');
    expect(mail.html).toContain('Dana &lt;b&gt;');
    expect(mail).toMatchObject({ onBehalfOf: 'Sunrise Solar', replyTo: 'office@sunrise.example' });
    const locked = fixLinkMessage({ ...mailInput(), locked: true });
    expect(locked.text).toMatch(/locked or disabled/);
  });
});

const mailInput = () => ({
  customerName: 'Dana',
  providerName: 'Test Electric',
  requester,
  link: 'https://reports.example/form/fix/abc',
  expiresAt: new Date('2026-12-03T10:00:00Z'),
});
