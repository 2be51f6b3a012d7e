import { BRAND, subjectLine } from './layout.ts';

export type Sender = { name: string; address: string };

/** MAIL_FROM read as a name and an address: "Utility Reports <reports@example.com>" or bare. */
function parseFrom(value: string): Sender {
  const named = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(value);
  if (named) return { name: named[1]?.trim() ?? '', address: named[2] ?? '' };
  return { name: '', address: value.trim() };
}

/**
 * Who a customer's message is from: the business it is sent for, then our name ("Sunrise Solar
 * via Utility Reports"). The address stays ours, so that it is ours that mail servers check,
 * and replies go where Reply-To says.
 */
export function senderFor(from: string, business: string): Sender {
  const ours = parseFrom(from);
  return { name: `${subjectLine(business)} via ${ours.name || BRAND}`, address: ours.address };
}

/** A sender as one header value, for the outbox view. */
export function formatSender({ name, address }: Sender): string {
  return name ? `"${name.replace(/["\\]/g, '\\$&')}" <${address}>` : address;
}
