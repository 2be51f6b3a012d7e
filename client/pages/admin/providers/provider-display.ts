/** "www.pge.com" for "https://www.pge.com/login"; the text itself when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** The placeholder shown in place of a missing logo: the name's first letter or digit. */
export function initialOf(name: string): string {
  const first = /[\p{L}\p{N}]/u.exec(name)?.[0];
  return first ? first.toLocaleUpperCase('en-US') : '?';
}
