import { html } from './html.ts';
import {
  button,
  formatCents,
  layout,
  type MailContent,
  paragraph,
  REPORT_REQUEST_FOOTER,
  SIGNATURE,
  subjectLine,
  textLines,
} from './layout.ts';

export type PaymentNeededInput = {
  username: string;
  customerName: string;
  providerName: string;
  amountCents: number;
  /** The card was refused, or the bank asks the cardholder to confirm the charge. */
  reason: 'declined' | 'confirm';
  /** The bank's or the card network's words, when there are any. */
  detail: string | null;
  dashboardUrl: string;
};

/** What the user does next, by reason. */
function nextStep({ reason }: PaymentNeededInput): string {
  return reason === 'confirm'
    ? 'Your bank asks you to confirm the payment. Open your dashboard and choose Confirm payment on the connection: the report is emailed to you as soon as the payment goes through.'
    : 'Please update your card in Billing, then choose Generate Report on the connection again. You are charged once, and the report is emailed to you at once.';
}

/**
 * To the user: the report they asked for before its data arrived is ready, but the charge made
 * now could not go through, so the report waits for the payment. Nothing was charged.
 */
export function paymentNeededMessage(input: PaymentNeededInput): MailContent {
  const subject = subjectLine(`Payment needed: ${input.customerName}'s report is ready`);
  const ready = `The utility report for ${input.customerName} (${input.providerName}) is ready. We tried to charge the ${formatCents(input.amountCents)} for it to your card, and the payment did not go through, so nothing was charged and the report waits for the payment.`;
  const why = input.detail ? `What the bank said: ${input.detail}` : null;
  const next = nextStep(input);
  const text = textLines([
    `Hello ${input.username},`,
    '',
    ready,
    ...(why ? ['', why] : []),
    '',
    next,
    '',
    `Dashboard: ${input.dashboardUrl}`,
    '',
    SIGNATURE,
  ]);
  const body = html`
${paragraph(html`Hello ${input.username},`)}
${paragraph(ready)}
${why ? paragraph(why) : ''}
${paragraph(next)}
<p style="margin:0 0 16px;">${button(input.dashboardUrl, 'Open dashboard')}</p>
${paragraph(SIGNATURE)}`;
  return {
    subject,
    text,
    html: layout({
      title: subject,
      body,
      footer: REPORT_REQUEST_FOOTER,
    }),
  };
}
