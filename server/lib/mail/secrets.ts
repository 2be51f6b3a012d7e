/** The parts of an SMTP URL that must never be logged or recorded: the password, the URL. */
export function secretsOf(smtpUrl: string | undefined): string[] {
  if (!smtpUrl) return [];
  const found = [smtpUrl];
  try {
    const { password } = new URL(smtpUrl);
    if (password) found.push(password, decodeURIComponent(password));
  } catch {
    // Config validated the URL; an unparsable one has no password to find.
  }
  return [...new Set(found.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
}

/** An SMTP failure as admins see it: the server's words, never a secret, and not too long. */
export function smtpErrorText(err: unknown, secrets: string[]): string {
  let text = err instanceof Error ? err.message : String(err);
  for (const secret of secrets) text = text.split(secret).join('***');
  text = text.replace(/\s+/g, ' ').trim() || 'Unknown error';
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}
