import { CONTACT_EMAIL } from '@common/constants.ts';
import { formatCents, PLANS } from '@common/plans.ts';
import { PRIORITY_TURNAROUND, TURNAROUND_HOURS } from '@common/turnaround.ts';

export type FaqEntry = { question: string; answer: string };

const basic = PLANS.basic;
const premium = PLANS.premium;

/**
 * The pricing page's questions: billing, supported providers, security and cancelling.
 * `deadlineDays` is how long past its turnaround an undelivered report may wait before it is
 * refunded, as the server is set.
 */
export const pricingFaq = (deadlineDays: number): FaqEntry[] => [
  {
    question: 'How does billing work?',
    answer: `You add a card once; nothing is charged when you add it. On ${basic.name}, each report costs ${formatCents(basic.pricePerReportCents)} and is charged when you request it. On the ${premium.name}, each report costs ${formatCents(premium.pricePerReportCents)} plus ${formatCents(premium.monthlyFeeCents)} a month, and your usage is billed once at the end of the month. There is no setup fee on either plan.`,
  },
  {
    question: 'What if a report is not delivered?',
    answer: `When your client's utility login has been accepted (or the data is already in), a ${basic.name} report is charged when you request it, and a ${premium.name} report is added to your monthly bill then. When the login was refused or is not confirmed yet, nothing is charged until the report is ready: you pay only for a report we deliver. If we cannot deliver it within its turnaround (${TURNAROUND_HOURS.basic} hours on ${basic.name}, ${TURNAROUND_HOURS.premium} hours on the ${premium.name}) plus ${deadlineDays} ${deadlineDays === 1 ? 'day' : 'days'}, usually because the utility account could not be reached, we refund it automatically and email you: the charge goes back to your card, or the report comes off your monthly bill (if that bill was already paid, our team refunds it).`,
  },
  {
    question: 'Which utility providers are supported?',
    answer: `We work with major US electric utilities, and our team adds new providers all the time. Your customer picks their utility from the list on your customer form. If theirs is not listed, write to ${CONTACT_EMAIL} and we will add it.`,
  },
  {
    question: 'How are my customers’ utility logins protected?',
    answer:
      'Utility login details are encrypted as soon as your customer submits them, are used only to retrieve the statements and interval data for the report, and are deleted once the report is complete. They are never stored permanently and never shared.',
  },
  {
    question: 'What is in a report and how fast is it delivered?',
    answer: `Each report covers one utility account: the 2 most recent statements (PDF), 15-minute interval data (CSV), and the account details with usage in kWh and cost. It is emailed to you and available to download. ${basic.name} reports arrive within ${TURNAROUND_HOURS.basic} hours; the ${premium.name} gets ${PRIORITY_TURNAROUND}.`,
  },
  {
    question: 'Can I cancel or change my plan?',
    answer: `Yes, at any time, with no long-term contract. ${basic.name} has nothing to cancel: you only pay for the reports you request. To cancel the ${premium.name} or switch plans, email ${CONTACT_EMAIL}; the subscription stops at the end of the current month.`,
  },
];
