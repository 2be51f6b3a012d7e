import { professionalName } from '../../../common/business.ts';
import { html } from './html.ts';
import {
  button,
  layout,
  link,
  type MailContent,
  paragraph,
  SIGNATURE,
  subjectLine,
  textLines,
} from './layout.ts';

export type FixLinkInput = {
  customerName: string;
  providerName: string;
  requester: { companyName: string | null; replyToEmail: string | null };
  /** The single-use page to type the login again; it stops working at `expiresAt`. */
  link: string;
  expiresAt: Date;
  /** Whether the portal said the account is locked or disabled (rather than a wrong login). */
  locked: boolean;
};

const day = (date: Date) =>
  date.toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'long' });

/**
 * To the customer: their utility no longer accepts the login they gave (a changed password, a
 * locked account), with a link to type it again. The password itself is never in the message.
 */
export function fixLinkMessage(input: FixLinkInput): MailContent & {
  onBehalfOf: string | null;
  replyTo: string | null;
} {
  const requesterName = professionalName(input.requester.companyName);
  const subject = subjectLine(`${input.providerName} did not accept your login`);
  const problem = input.locked
    ? `${input.providerName} says your account is locked or disabled, so we cannot retrieve your utility data for ${requesterName}. Please unlock it with ${input.providerName} (usually by resetting your password), then enter your login again.`
    : `${input.providerName} did not accept the username and password you gave us (perhaps the password was changed), so we cannot retrieve your utility data for ${requesterName}. Please enter your login again.`;
  const until = day(input.expiresAt);
  const text = textLines([
    `Hello ${input.customerName},`,
    '',
    problem,
    `Enter it here: ${input.link}`,
    '',
    `The link works once, until ${until}. We will never ask you for your password by email. If you did not submit your ${input.providerName} details, ignore this email.`,
    '',
    SIGNATURE,
  ]);
  const body = html`
${paragraph(html`Hello ${input.customerName},`)}
${paragraph(problem)}
<p style="margin:0 0 16px;">${button(input.link, 'Enter my login again')}</p>
${paragraph(html`The link works once, until ${until}. If the button does not work, copy this address into your browser: ${link(input.link)}`)}
${paragraph(html`We will never ask you for your password by email. If you did not submit your ${input.providerName} details, ignore this email.`)}
${paragraph(SIGNATURE)}`;
  return {
    subject,
    text,
    html: layout({
      title: subject,
      body,
      footer: `You receive this email because your details were submitted for ${requesterName}.`,
    }),
    onBehalfOf: input.requester.companyName?.trim() || null,
    replyTo: input.requester.replyToEmail?.trim() || null,
  };
}
