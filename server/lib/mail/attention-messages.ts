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

/** One connection in an admin's alert: who, where, and why it waits, in short phrases. */
export type AttentionLine = {
  connectionId: number;
  customerName: string;
  providerName: string;
  ownerUsername: string;
  why: string[];
};

const FOOTER = 'You receive this email because you are an administrator of Utility Reports.';

const lineText = (line: AttentionLine) =>
  `- #${line.connectionId} ${line.customerName} (${line.providerName}, for ${line.ownerUsername}): ${line.why.join('; ')}`;

function listHtml(lines: AttentionLine[]) {
  return html`<ul style="margin:0 0 16px;padding-left:20px;">${lines.map(
    (line) =>
      html`<li style="margin:0 0 8px;"><strong>#${line.connectionId} ${line.customerName}</strong> (${line.providerName}, for ${line.ownerUsername}): ${line.why.join('; ')}</li>`,
  )}</ul>`;
}

/** A utility whose portal has failed lately, with why in plain words. */
export type FailingUtilityLine = { providerName: string; why: string[] };

const UTILITIES_LEAD = 'Utilities failing lately (every connection there may wait for a person):';

const utilityText = (line: FailingUtilityLine) => `- ${line.providerName}: ${line.why.join('; ')}`;

function utilitiesHtml(utilities: FailingUtilityLine[]) {
  return html`${paragraph(UTILITIES_LEAD)}<ul style="margin:0 0 16px;padding-left:20px;">${utilities.map(
    (line) =>
      html`<li style="margin:0 0 8px;"><strong>${line.providerName}</strong>: ${line.why.join('; ')}</li>`,
  )}</ul>`;
}

function message(input: {
  subject: string;
  lead: string;
  lines: AttentionLine[];
  more: number;
  viewUrl: string;
  utilities?: FailingUtilityLine[];
}): MailContent {
  const subject = subjectLine(input.subject);
  const more = input.more > 0 ? `And ${input.more} more in the Needs attention view.` : null;
  const utilities = input.utilities ?? [];
  const text = textLines([
    input.lead,
    '',
    ...(utilities.length > 0 ? [UTILITIES_LEAD, ...utilities.map(utilityText), ''] : []),
    ...input.lines.map(lineText),
    more,
    '',
    `Open the Needs attention view: ${input.viewUrl}`,
    '',
    SIGNATURE,
  ]);
  const body = html`
${paragraph(input.lead)}
${utilities.length > 0 ? utilitiesHtml(utilities) : ''}
${input.lines.length > 0 ? listHtml(input.lines) : ''}
${more ? paragraph(more) : ''}
<p style="margin:0 0 16px;">${button(input.viewUrl, 'Open Needs attention')}</p>
${paragraph(html`If the button does not work, copy this address into your browser: ${link(input.viewUrl)}`)}
${paragraph(SIGNATURE)}`;
  return { subject, text, html: layout({ title: subject, body, footer: FOOTER }) };
}

/**
 * To the admins: report requests (paid, or to be charged once the report exists) that have just
 * waited past the alert threshold.
 */
export function attentionAlertMessage(input: {
  lines: AttentionLine[];
  thresholdHours: number;
  viewUrl: string;
}): MailContent {
  const n = input.lines.length;
  const requests = n === 1 ? 'A report request has' : `${n} report requests have`;
  return message({
    subject: `${requests} waited over ${input.thresholdHours} h for data`,
    lead: `${requests} waited more than ${input.thresholdHours} hours without a report. The data must be retrieved or uploaded by hand before the promised turnaround.`,
    lines: input.lines,
    more: 0,
    viewUrl: input.viewUrl,
  });
}

/**
 * To the admins, once a day: everything still waiting for a person, and the utilities whose
 * portal has failed lately (the cause behind many waiting connections at once).
 */
export function attentionDigestMessage(input: {
  lines: AttentionLine[];
  total: number;
  overdue: number;
  utilities: FailingUtilityLine[];
  viewUrl: string;
}): MailContent {
  const overdue =
    input.overdue > 0
      ? ` ${input.overdue} report ${input.overdue === 1 ? 'request is' : 'requests are'} past the promised turnaround.`
      : '';
  const failing = input.utilities.length;
  const connections = `${input.total} ${input.total === 1 ? 'connection' : 'connections'}`;
  const utilities = `${failing} ${failing === 1 ? 'utility' : 'utilities'} failing`;
  const subject =
    failing === 0 ? connections : input.total === 0 ? utilities : `${connections}, ${utilities}`;
  const lead =
    input.total === 0
      ? `No connection waits for a person today, but ${failing === 1 ? "a utility's portal has" : `${failing} utilities' portals have`} failed lately.`
      : `${input.total} ${input.total === 1 ? 'connection needs' : 'connections need'} a person today.${overdue}`;
  return message({
    subject: `Needs attention: ${subject}`,
    lead,
    lines: input.lines,
    more: input.total - input.lines.length,
    viewUrl: input.viewUrl,
    utilities: input.utilities,
  });
}
