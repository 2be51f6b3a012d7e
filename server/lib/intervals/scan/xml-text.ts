// Attribute values and character entities of the few strings the ESPI reader keeps.

/** An attribute's value in [start, end) of a start tag, entities decoded. */
export function attribute(
  text: string,
  start: number,
  end: number,
  name: string,
): string | undefined {
  let p = start;
  for (;;) {
    const at = text.indexOf(name, p);
    if (at === -1 || at >= end) return undefined;
    p = at + name.length;
    const before = text.charCodeAt(at - 1);
    if (before > 32) continue;
    let q = p;
    while (text.charCodeAt(q) <= 32) q++;
    if (text.charCodeAt(q) !== 61) continue;
    q++;
    while (text.charCodeAt(q) <= 32) q++;
    const quote = text[q];
    if (quote !== '"' && quote !== "'") continue;
    const close = text.indexOf(quote, q + 1);
    if (close === -1 || close > end) return undefined;
    return decodeEntities(text.slice(q + 1, close));
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, code: string) => {
    if (code.startsWith('#x')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
    return ENTITIES[code] ?? whole;
  });
}
