import { professionalName } from '../../../common/business.ts';
import type { ReportSummary } from '../../../common/reports.ts';
import { CUSTOMER_TURNAROUND } from '../../../common/turnaround.ts';
import { html } from './html.ts';
import {
  button,
  factTable,
  formatDay,
  formatDollars,
  formatKw,
  formatKwh,
  formatPercent,
  layout,
  link,
  type MailContent,
  paragraph,
  SIGNATURE,
  subjectLine,
  textLines,
} from './layout.ts';

export type { MailContent } from './layout.ts';

/**
 * The service's messages as pure functions: values in, `{ subject, text, html }` out. Every
 * value reaches the HTML part through `html`, which escapes it; none of them carries a
 * credential.
 */

const NOTICE_FOOTER = 'You receive this email because of activity on your Utility Reports account.';

export type ReportReadyInput = {
  username: string;
  customerName: string;
  /** The account name or number, as the user knows the account; null when unknown. */
  accountLabel: string | null;
  providerName: string;
  reportId: number;
  version: number;
  summary: Pick<
    ReportSummary,
    'periodStart' | 'periodEnd' | 'usageKwh' | 'costDollars' | 'peakKw' | 'coveragePct' | 'missing'
  >;
  /** Signed download links; they stop working at `expiresAt`. */
  links: { html: string; pdf: string; zip: string };
  expiresAt: Date;
  /** Whether the PDF is attached (only below the size limit). */
  attached: boolean;
};

/** To the user: their customer's report is built, with its figures and download links. */
export function reportReadyMessage(input: ReportReadyInput): MailContent {
  const { summary, links } = input;
  const period =
    summary.periodStart && summary.periodEnd
      ? `${formatDay(summary.periodStart)} to ${formatDay(summary.periodEnd)}`
      : 'not available';
  const facts: [string, string][] = [
    ['Customer', input.customerName],
    ['Utility', input.providerName],
    ['Account', input.accountLabel ?? 'not given'],
    ['Period', period],
    ['Usage', formatKwh(summary.usageKwh)],
    ['Cost', formatDollars(summary.costDollars)],
    ['Peak demand', formatKw(summary.peakKw)],
    ['Interval data coverage', formatPercent(summary.coveragePct)],
  ];
  const missing = summary.missing.length > 0 ? summary.missing : null;
  const expires = formatDay(input.expiresAt);
  const downloads: [string, string][] = [
    ['Report (HTML)', links.html],
    ['Report (PDF)', links.pdf],
    ['All files (ZIP)', links.zip],
  ];
  const subject = subjectLine(`Your utility report for ${input.customerName} is ready`);
  const text = textLines([
    `Hello ${input.username},`,
    '',
    `The utility report for ${input.customerName} is ready (report ${input.reportId}, version ${input.version}).`,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    missing ? `Not available: ${missing.join('; ')}` : null,
    '',
    'Download:',
    ...downloads.map(([label, url]) => `  ${label}: ${url}`),
    '',
    `These links work until ${expires}. After that, sign in to download the report from your dashboard.`,
    input.attached ? 'The PDF report is attached to this email.' : null,
    '',
    SIGNATURE,
  ]);
  const body = html`
${paragraph(html`Hello ${input.username},`)}
${paragraph(html`The utility report for <strong>${input.customerName}</strong> is ready (report ${input.reportId}, version ${input.version}).`)}
${factTable(facts)}
${missing ? paragraph(html`Not available: ${missing.join('; ')}`) : ''}
<p style="margin:0 0 8px;">${downloads.map(([label, url]) => button(url, label))}</p>
${paragraph(html`These links work until <strong>${expires}</strong>. After that, sign in to download the report from your dashboard.`)}
${input.attached ? paragraph('The PDF report is attached to this email.') : ''}
${paragraph(SIGNATURE)}`;
  return { subject, text, html: layout({ title: subject, body, footer: NOTICE_FOOTER }) };
}

export type NewSubmissionInput = {
  username: string;
  customerName: string;
  customerEmail: string;
  providerName: string;
  accountLabel: string | null;
  /** Where the user sees the new connection. */
  dashboardUrl: string;
};

/** To the user: a customer submitted their form. */
export function newSubmissionMessage(input: NewSubmissionInput): MailContent {
  const subject = subjectLine(`New submission from ${input.customerName}`);
  const account = input.accountLabel ? ` (account ${input.accountLabel})` : '';
  const text = textLines([
    `Hello ${input.username},`,
    '',
    `${input.customerName} <${input.customerEmail}> submitted their ${input.providerName} account details through your form${account}.`,
    '',
    `Open your dashboard to follow it and to ask for the report: ${input.dashboardUrl}`,
    '',
    SIGNATURE,
  ]);
  const body = html`
${paragraph(html`Hello ${input.username},`)}
${paragraph(html`<strong>${input.customerName}</strong> (${link(`mailto:${input.customerEmail}`, input.customerEmail)}) submitted their ${input.providerName} account details through your form${account}.`)}
${paragraph('Open your dashboard to follow it and to ask for the report.')}
<p style="margin:0 0 16px;">${button(input.dashboardUrl, 'Open dashboard')}</p>
${paragraph(SIGNATURE)}`;
  return { subject, text, html: layout({ title: subject, body, footer: NOTICE_FOOTER }) };
}

/**
 * The energy professional a customer's message is sent for: the business they named in their
 * settings, if any. Their username is never shown to a customer (it is half of a sign-in).
 */
type Requester = { companyName: string | null; replyToEmail: string | null };

/** A message to a customer: sent for the professional's business, replies going to them. */
export type CustomerMailContent = MailContent & {
  onBehalfOf: string | null;
  replyTo: string | null;
};

function forRequester(content: MailContent, requester: Requester): CustomerMailContent {
  return {
    ...content,
    onBehalfOf: requester.companyName?.trim() || null,
    replyTo: requester.replyToEmail?.trim() || null,
  };
}

export type SubmissionReceivedInput = {
  customerName: string;
  /** Who asked for the data: the user whose form the customer filled in. */
  requester: Requester;
  providerName: string;
  /** The service's address, for the footer. */
  siteUrl?: string;
};

/** To the customer: their details arrived; what happens next. Never their credentials. */
export function submissionReceivedMessage(input: SubmissionReceivedInput): CustomerMailContent {
  const requesterName = professionalName(input.requester.companyName);
  const subject = subjectLine(`We received your utility account details for ${requesterName}`);
  const text = textLines([
    `Hello ${input.customerName},`,
    '',
    `Thank you: we received your ${input.providerName} account details for ${requesterName}.`,
    `We process them ${CUSTOMER_TURNAROUND}, and ${requesterName} then receives a PDF report of your utility data.`,
    `We are checking your login with ${input.providerName} now. If ${input.providerName} does not accept it or asks for a code, we will email you what to do. We will never ask you for your password by email.`,
    '',
    SIGNATURE,
    input.siteUrl ?? null,
  ]);
  const body = html`
${paragraph(html`Hello ${input.customerName},`)}
${paragraph(html`Thank you: we received your <strong>${input.providerName}</strong> account details for <strong>${requesterName}</strong>.`)}
${paragraph(html`We process them <strong>${CUSTOMER_TURNAROUND}</strong>, and ${requesterName} then receives a PDF report of your utility data.`)}
${paragraph(html`We are checking your login with ${input.providerName} now. If ${input.providerName} does not accept it or asks for a code, we will email you what to do. We will never ask you for your password by email.`)}
${paragraph(input.siteUrl ? html`${SIGNATURE}<br>${link(input.siteUrl)}` : SIGNATURE)}`;
  const content = {
    subject,
    text,
    html: layout({
      title: subject,
      body,
      footer: `You receive this email because your details were submitted for ${requesterName}.`,
    }),
  };
  return forRequester(content, input.requester);
}

export type PasswordLinkInput = {
  username: string;
  /** `set_password`: a new account (or new credentials); `reset_password`: a forgotten one. */
  purpose: 'set_password' | 'reset_password';
  /** The one-time link; it stops working at `expiresAt` or once used. */
  link: string;
  expiresAt: Date;
};

const formatUntil = (date: Date) =>
  date.toLocaleString('en-US', {
    timeZone: 'UTC',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/**
 * To a user: a one-time link to choose a password. No password is ever written into a message;
 * the link is the only secret in it.
 */
export function passwordLinkMessage(input: PasswordLinkInput): MailContent {
  const reset = input.purpose === 'reset_password';
  const subject = subjectLine(
    reset ? 'Reset your Utility Reports password' : 'Your Utility Reports account is ready',
  );
  const lead = reset
    ? 'Someone (we hope you) asked to reset the password of your Utility Reports account.'
    : 'An account was created for you on Utility Reports. Choose your password to sign in.';
  const action = reset ? 'Reset password' : 'Set your password';
  const until = `${formatUntil(input.expiresAt)} UTC`;
  const ignore = reset
    ? 'If you did not ask for this, ignore this email: your password stays as it is.'
    : 'If you did not expect this account, ignore this email.';
  const text = textLines([
    `Hello ${input.username},`,
    '',
    lead,
    `Your username: ${input.username}`,
    '',
    `${action}: ${input.link}`,
    '',
    `The link works once and until ${until}.`,
    ignore,
    '',
    SIGNATURE,
  ]);
  const body = html`
${paragraph(html`Hello ${input.username},`)}
${paragraph(lead)}
${paragraph(html`Your username: <strong>${input.username}</strong>`)}
<p style="margin:0 0 16px;">${button(input.link, action)}</p>
${paragraph(html`The link works once and until ${until}. If the button does not work, copy this address into your browser: ${link(input.link)}`)}
${paragraph(ignore)}
${paragraph(SIGNATURE)}`;
  return {
    subject,
    text,
    html: layout({
      title: subject,
      body,
      footer:
        'You receive this email because of a password request on your Utility Reports account.',
    }),
  };
}

export type CodeRequestInput = {
  customerName: string;
  providerName: string;
  /** Who asked for the data: the user whose form the customer filled in. */
  requester: Requester;
  /** The page where the customer types the code (or chooses where it is sent). */
  link: string;
  expiresAt: Date;
};

/**
 * To the customer: their utility's portal asks for a one-time code while we sign in. The code
 * itself is never in the message: the utility sends it, the customer types it on our page.
 */
export function codeRequestMessage(input: CodeRequestInput): CustomerMailContent {
  const requesterName = professionalName(input.requester.companyName);
  const subject = subjectLine(`${input.providerName} needs your verification code`);
  const until = `${formatUntil(input.expiresAt)} UTC`;
  const lead = `We are signing in to your ${input.providerName} account for ${requesterName}, and ${input.providerName} asks for a one-time verification code.`;
  const text = textLines([
    `Hello ${input.customerName},`,
    '',
    lead,
    `Open this page to choose where ${input.providerName} sends the code (if it asks) and to type it in: ${input.link}`,
    '',
    `The sign-in waits until ${until}.`,
    `Never share the code with anyone else. If you did not submit your ${input.providerName} details, ignore this email.`,
    '',
    SIGNATURE,
  ]);
  const body = html`
${paragraph(html`Hello ${input.customerName},`)}
${paragraph(lead)}
<p style="margin:0 0 16px;">${button(input.link, 'Enter the code')}</p>
${paragraph(html`The sign-in waits until ${until}. If the button does not work, copy this address into your browser: ${link(input.link)}`)}
${paragraph(html`Never share the code with anyone else. If you did not submit your ${input.providerName} details, ignore this email.`)}
${paragraph(SIGNATURE)}`;
  const content = {
    subject,
    text,
    html: layout({
      title: subject,
      body,
      footer: `You receive this email because your details were submitted for ${requesterName}.`,
    }),
  };
  return forRequester(content, input.requester);
}
