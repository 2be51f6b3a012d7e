import { dollarsText, kwhText, kwText, moneyText, pctText } from '../../../common/quantities.ts';
import { html, type SafeHtml, safeHref } from './html.ts';

/** What every template returns: a subject, the plain text part and the HTML part. */
export type MailContent = { subject: string; text: string; html: string };

/** Our name in every message, and after the business's in a customer's From. */
export const BRAND = 'Utility Reports';

/**
 * A subject line from values people typed: control characters and line breaks become spaces
 * (a header cannot be split), and it stays short enough for any mail client.
 */
export function subjectLine(value: string): string {
  const flat = value
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > 200 ? `${flat.slice(0, 197)}...` : flat;
}

/**
 * The HTML document around a message's body: inline styles only, no external images, fonts or
 * scripts, so it reads the same in every client and the outbox preview loads nothing.
 */
export function layout(options: { title: string; body: SafeHtml; footer: string }): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;color:#0f172a;font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;">
<tr><td style="padding:20px 32px;border-bottom:1px solid #e2e8f0;font-size:18px;font-weight:700;color:#1d4ed8;">${BRAND}</td></tr>
<tr><td style="padding:24px 32px;font-size:15px;line-height:1.6;">${options.body}</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e2e8f0;font-size:12px;line-height:1.5;color:#64748b;">${options.footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`.value;
}

export const paragraph = (content: SafeHtml | string) =>
  html`<p style="margin:0 0 16px;">${content}</p>`;

export const button = (href: string, label: string) =>
  html`<a href="${safeHref(href)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 18px;border-radius:6px;background:#2563eb;color:#ffffff;font-weight:600;text-decoration:none;">${label}</a>`;

export const link = (href: string, label?: string) =>
  html`<a href="${safeHref(href)}" style="color:#2563eb;">${label ?? href}</a>`;

/** Label and value rows (the report's figures). */
export function factTable(rows: [string, string][]): SafeHtml {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 16px;border-collapse:collapse;">${rows.map(
    ([label, value]) =>
      html`<tr><td style="padding:6px 12px 6px 0;border-bottom:1px solid #f1f5f9;color:#475569;">${label}</td><td style="padding:6px 0;border-bottom:1px solid #f1f5f9;font-weight:600;text-align:right;">${value}</td></tr>`,
  )}</table>`;
}

/** Plain text lines into one part; null lines are left out. */
export const textLines = (lines: (string | null)[]) =>
  `${lines.filter((line): line is string => line !== null).join('\n')}\n`;

export const SIGNATURE = `The ${BRAND} team`;

/** The footer of the emails about a report the user asked for (its refund, its payment). */
export const REPORT_REQUEST_FOOTER = `You receive this email because you asked for a report on your ${BRAND} account.`;

const day = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "March 5, 2025" from a Date or a YYYY-MM-DD day (read as UTC, as the report does). */
export function formatDay(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  return Number.isNaN(date.getTime()) ? String(value) : day.format(date);
}

// Figures print as on the dashboard and in the report (common/quantities.ts).
const NOT_AVAILABLE = 'not available';
export const formatKwh = (kwh: number | null) =>
  kwh === null ? NOT_AVAILABLE : `${kwhText(kwh)} kWh`;
export const formatKw = (kw: number | null) => (kw === null ? NOT_AVAILABLE : `${kwText(kw)} kW`);
export const formatDollars = (dollars: number | null) =>
  dollars === null ? NOT_AVAILABLE : dollarsText(dollars);
/** An amount in cents: `$29.99`, `$1,234.00`. */
export const formatCents = (cents: number) => moneyText(cents);
export const formatPercent = (pct: number | null) => (pct === null ? NOT_AVAILABLE : pctText(pct));
