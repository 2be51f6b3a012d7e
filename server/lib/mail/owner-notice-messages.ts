import type { NoticeKind } from '../../../common/notices.ts';
import { html } from './html.ts';
import {
  button,
  layout,
  type MailContent,
  paragraph,
  SIGNATURE,
  subjectLine,
  textLines,
} from './layout.ts';

/** What the professional is told about one of their connections, by the names they know. */
export type OwnerNoticeFacts = {
  kind: NoticeKind;
  customerName: string;
  providerName: string;
};

/** The plain words of a notice: the dashboard shows them, and the email says the same. */
export function ownerNoticeWords(facts: OwnerNoticeFacts): { title: string; body: string } {
  const { customerName: who, providerName: utility } = facts;
  switch (facts.kind) {
    case 'login_failed':
      return {
        title: `${utility} did not accept ${who}'s login`,
        body: `The utility did not accept the login ${who} entered for ${utility}. We asked ${who} to enter it again and will try once they do.`,
      };
    case 'code_requested':
      return {
        title: `Waiting for ${who}'s verification code`,
        body: `${utility} asked for a verification code to sign in to ${who}'s account. We emailed ${who} a link to enter it; nothing is needed from you.`,
      };
    case 'data_complete':
      return {
        title: `${who}'s ${utility} data is complete`,
        body: `We have all the ${utility} bills and usage data we need for ${who}. You can now get their report.`,
      };
    case 'report_ready':
      return {
        title: `${who}'s report is ready`,
        body: `The report for ${who}'s ${utility} account is ready to download from your dashboard.`,
      };
    case 'payment_needed':
      return {
        title: `${who}'s report waits for your payment`,
        body: `The report for ${who}'s ${utility} account is ready, but the payment for it did not go through, so nothing was charged. Update your card, or confirm the payment on the connection in your dashboard, to receive it.`,
      };
    case 'refund_issued':
      return {
        title: `Refunded: ${who}'s report`,
        body: `We could not get the data for ${who}'s ${utility} report, so you were not charged for it. Any payment for it has been refunded.`,
      };
  }
}

const FOOTER =
  'You receive this email because of activity on your Utility Reports account. You can turn these emails off in your account settings.';

/** To the professional: what changed on a client's connection, with a link to the dashboard. */
export function ownerNoticeMessage(
  facts: OwnerNoticeFacts & { username: string; dashboardUrl: string },
): MailContent {
  const words = ownerNoticeWords(facts);
  const subject = subjectLine(words.title);
  const text = textLines([
    `Hello ${facts.username},`,
    '',
    words.body,
    '',
    `Open your dashboard: ${facts.dashboardUrl}`,
    '',
    SIGNATURE,
  ]);
  const body = html`
${paragraph(html`Hello ${facts.username},`)}
${paragraph(words.body)}
<p style="margin:0 0 16px;">${button(facts.dashboardUrl, 'Open dashboard')}</p>
${paragraph(SIGNATURE)}`;
  return { subject, text, html: layout({ title: subject, body, footer: FOOTER }) };
}
