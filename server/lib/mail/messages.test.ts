import { describe, expect, it } from 'vitest';
import { CUSTOMER_TURNAROUND, CUSTOMER_TURNAROUND_HOURS } from '../../../common/turnaround.ts';
import { escapeHtml, html, safeHref } from './html.ts';
import { subjectLine } from './layout.ts';
import {
  codeRequestMessage,
  newSubmissionMessage,
  reportReadyMessage,
  submissionReceivedMessage,
} from './messages.ts';
import { secretsOf, smtpErrorText } from './secrets.ts';
import { formatSender, senderFor } from './sender.ts';

const EVIL = `<script>alert("x")</script><img src=x onerror=alert('y')>&amp;`;
const ESCAPED = escapeHtml(EVIL);

/** Markup that loads nothing from anywhere and runs nothing. */
function expectInert(markup: string) {
  expect(markup).not.toMatch(/<script|<img|<link|<iframe|<style|@import|url\(/i);
  expect(markup).not.toMatch(/<[^>]*\s(src|on\w+)=/i);
}

const report = {
  username: EVIL,
  customerName: EVIL,
  accountLabel: EVIL,
  providerName: EVIL,
  reportId: 42,
  version: 3,
  summary: {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    usageKwh: 1391.6664,
    costDollars: 2345.5,
    peakKw: 12.25,
    coveragePct: 98.75,
    missing: [EVIL, 'Second bill'],
  },
  links: {
    html: 'https://app.example.com/api/reports/42/download/html?token=a.b',
    pdf: 'https://app.example.com/api/reports/42/download/pdf?token=a.b',
    zip: 'https://app.example.com/api/reports/42/download/zip?token=a.b',
  },
  expiresAt: new Date('2026-03-05T12:00:00Z'),
  attached: true,
};

describe('html', () => {
  it('escapes values and keeps nested fragments as they are', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p title="${'"quoted"'}">${inner}${['<', 1, null, undefined]}</p>`.value).toBe(
      '<p title="&quot;quoted&quot;"><b>&lt;i&gt;</b>&lt;1</p>',
    );
  });

  it('lets only http(s) and mailto links through', () => {
    expect(safeHref('javascript:alert(1)')).toBe('#');
    expect(safeHref('data:text/html,x')).toBe('#');
    expect(safeHref('not a url')).toBe('#');
    expect(safeHref('https://a.example/x?y=1&z=2')).toBe('https://a.example/x?y=1&z=2');
  });

  it('keeps a subject on one line', () => {
    expect(subjectLine('Hello\r\nBcc: victim@example.com\u2028 there')).toBe(
      'Hello Bcc: victim@example.com there',
    );
    expect(subjectLine('x'.repeat(300))).toHaveLength(200);
  });
});

describe('reportReadyMessage', () => {
  const message = reportReadyMessage(report);

  it('gives the figures, the three links and when they expire', () => {
    expect(message.subject).toBe(`Your utility report for ${EVIL} is ready`);
    for (const part of [message.text, message.html]) {
      expect(part).toContain('1,391.67 kWh');
      expect(part).toContain('$2,345.50');
      expect(part).toContain('12.25 kW');
      expect(part).toContain('98.8%');
      expect(part).toContain('January 1, 2025 to December 31, 2025');
      expect(part).toContain('March 5, 2026');
      expect(part).toContain('Second bill');
      expect(part).toContain('attached');
    }
    for (const url of Object.values(report.links)) {
      expect(message.text).toContain(url);
      expect(message.html).toContain(`href="${url}"`);
    }
  });

  it('escapes every value in the HTML part', () => {
    expectInert(message.html);
    expect(message.html).toContain(ESCAPED);
    expect(message.text).toContain(EVIL);
  });

  it('says when a figure is missing and leaves out the attachment note', () => {
    const bare = reportReadyMessage({
      ...report,
      accountLabel: null,
      attached: false,
      summary: {
        periodStart: null,
        periodEnd: null,
        usageKwh: null,
        costDollars: null,
        peakKw: null,
        coveragePct: null,
        missing: [],
      },
    });
    expect(bare.text).toContain('Usage: not available');
    expect(bare.text).not.toContain('attached');
  });
});

describe('submission messages', () => {
  it('tell the user who submitted, with a link to the dashboard', () => {
    const message = newSubmissionMessage({
      username: EVIL,
      customerName: EVIL,
      customerEmail: 'customer@example.com',
      providerName: EVIL,
      accountLabel: EVIL,
      dashboardUrl: 'https://app.example.com/dashboard',
    });
    expect(message.subject).toBe(`New submission from ${EVIL}`);
    expect(message.text).toContain('https://app.example.com/dashboard');
    expect(message.html).toContain('href="https://app.example.com/dashboard"');
    expectInert(message.html);
    expect(message.html).toContain(ESCAPED);
  });

  it('tell the customer the one turnaround promise and which business asked, and nothing secret', () => {
    const message = submissionReceivedMessage({
      customerName: EVIL,
      requester: { companyName: EVIL, replyToEmail: 'office@sunrise.example' },
      providerName: EVIL,
      siteUrl: 'https://app.example.com',
    });
    expect(message.subject).toBe(`We received your utility account details for ${EVIL}`);
    expect(message).toMatchObject({ onBehalfOf: EVIL, replyTo: 'office@sunrise.example' });
    expect(message.text).toContain(`We process them ${CUSTOMER_TURNAROUND}, and ${EVIL} then`);
    for (const part of [message.text, message.html]) {
      expect(part).toContain(`${CUSTOMER_TURNAROUND_HOURS} hours`);
      expect(part).not.toMatch(/24-48/);
      expect(part).toContain('PDF report');
      expect(part).not.toMatch(/password:|username:/i);
    }
    expectInert(message.html);
    expect(message.html).toContain(ESCAPED);
  });

  it('name a professional without a company in neutral words, replies going to us', () => {
    const requester = { companyName: null, replyToEmail: null };
    const received = submissionReceivedMessage({
      customerName: 'Maria Gonzalez',
      requester,
      providerName: 'PG&E',
    });
    expect(received.subject).toBe(
      'We received your utility account details for your energy professional',
    );
    expect(received).toMatchObject({ onBehalfOf: null, replyTo: null });
    const code = codeRequestMessage({
      customerName: 'Maria Gonzalez',
      providerName: 'PG&E',
      requester,
      link: 'https://app.example.com/form/code/abc',
      expiresAt: new Date('2025-03-01T12:00:00Z'),
    });
    expect(code.text).toContain('account for your energy professional, and PG&E asks');
    expect(code).toMatchObject({ onBehalfOf: null, replyTo: null });
  });

  it('ask the customer for a code on behalf of the business', () => {
    const code = codeRequestMessage({
      customerName: 'Maria Gonzalez',
      providerName: 'PG&E',
      requester: { companyName: 'Sunrise Solar', replyToEmail: 'office@sunrise.example' },
      link: 'https://app.example.com/form/code/abc',
      expiresAt: new Date('2025-03-01T12:00:00Z'),
    });
    expect(code.text).toContain('account for Sunrise Solar, and PG&E asks');
    expect(code).toMatchObject({ onBehalfOf: 'Sunrise Solar', replyTo: 'office@sunrise.example' });
  });
});

describe('the sender of a customer message', () => {
  it('puts the business before our name, at our address', () => {
    expect(senderFor('Utility Reports <reports@example.com>', 'Sunrise Solar')).toEqual({
      name: 'Sunrise Solar via Utility Reports',
      address: 'reports@example.com',
    });
    expect(senderFor('reports@example.com', 'Sunrise\r\nBcc: x@evil.example')).toEqual({
      name: 'Sunrise Bcc: x@evil.example via Utility Reports',
      address: 'reports@example.com',
    });
    expect(formatSender({ name: 'A "B" C', address: 'r@example.com' })).toBe(
      '"A \\"B\\" C" <r@example.com>',
    );
  });
});

describe('SMTP errors', () => {
  it('never carry the password or the URL', () => {
    const url = 'smtps://mailer:p%40ss%2Fw0rd@smtp.example.com:465';
    const secrets = secretsOf(url);
    const text = smtpErrorText(
      new Error(`connect to ${url} failed: bad login mailer p@ss/w0rd (p%40ss%2Fw0rd)`),
      secrets,
    );
    expect(text).toBe('connect to *** failed: bad login mailer *** (***)');
    expect(secretsOf(undefined)).toEqual([]);
    expect(smtpErrorText(new Error('x'.repeat(900)), [])).toHaveLength(500);
  });
});
