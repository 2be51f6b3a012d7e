import { html } from './html.ts';
import {
  layout,
  type MailContent,
  paragraph,
  SIGNATURE,
  subjectLine,
  textLines,
} from './layout.ts';

export type AccountDeletedInput = {
  username: string;
  /** Who deleted it: the holder themselves, or an administrator. */
  by: 'self' | 'admin';
};

/**
 * To the former holder: their account and its data are deleted, and what is kept (the record of
 * payments, which the law asks us to keep, with no name on it).
 */
export function accountDeletedMessage(input: AccountDeletedInput): MailContent {
  const subject = subjectLine('Your Utility Reports account was deleted');
  const who =
    input.by === 'self'
      ? 'As you asked, we deleted your Utility Reports account.'
      : 'An administrator deleted your Utility Reports account.';
  const gone =
    'Your customers, their utility logins, the bills and usage files, your reports, API keys, webhooks and business details are being removed from our systems now. You can no longer sign in, and your customer form link no longer works.';
  const kept =
    'We keep the record of what you paid and any refunds, as the law requires, without your name or email address on it. Payments you made through our card processor stay in their records too.';
  const again =
    input.by === 'self'
      ? 'If you did not ask for this, reply to this email at once.'
      : 'If you think this was a mistake, reply to this email.';
  const text = textLines([
    `Hello ${input.username},`,
    '',
    who,
    '',
    gone,
    '',
    kept,
    '',
    again,
    '',
    SIGNATURE,
  ]);
  const body = html`
${paragraph(html`Hello ${input.username},`)}
${paragraph(who)}
${paragraph(gone)}
${paragraph(kept)}
${paragraph(again)}
${paragraph(SIGNATURE)}`;
  return {
    subject,
    text,
    html: layout({
      title: subject,
      body,
      footer: 'You receive this email because your Utility Reports account was deleted.',
    }),
  };
}
