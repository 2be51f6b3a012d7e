import { html } from './html.ts';
import {
  formatCents,
  layout,
  type MailContent,
  paragraph,
  REPORT_REQUEST_FOOTER,
  SIGNATURE,
  subjectLine,
  textLines,
} from './layout.ts';

export type OverdueRefundInput = {
  username: string;
  customerName: string;
  amountCents: number;
  /** What happened to the money: paid and refunded, taken off the coming invoice, or never charged. */
  outcome: 'refunded' | 'removed' | 'not_charged';
};

/** The one sentence saying what became of the money. */
function moneyWords({ customerName, amountCents, outcome }: OverdueRefundInput): string {
  const price = formatCents(amountCents);
  const start = `We could not get the utility data for ${customerName} in time`;
  switch (outcome) {
    case 'refunded':
      return `${start}, so we refunded the ${price} you paid for the report. The refund goes back to the card you paid with and usually shows within 5 to 10 business days.`;
    case 'removed':
      return `${start}, so we took the ${price} report off your next monthly invoice. You will not be charged for it.`;
    case 'not_charged':
      return `${start}, so we cancelled the report. You were not charged the ${price} for it.`;
  }
}

/** To the user: a report they paid for did not come by its deadline, and the money went back. */
export function overdueRefundMessage(input: OverdueRefundInput): MailContent {
  const done = input.outcome === 'not_charged' ? 'Cancelled' : 'Refunded';
  const subject = subjectLine(`${done}: ${input.customerName}'s report`);
  const money = moneyWords(input);
  const again = `You are welcome to ask for a new report for ${input.customerName} at any time from your dashboard.`;
  const text = textLines([`Hello ${input.username},`, '', money, '', again, '', SIGNATURE]);
  const body = html`
${paragraph(html`Hello ${input.username},`)}
${paragraph(money)}
${paragraph(again)}
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
