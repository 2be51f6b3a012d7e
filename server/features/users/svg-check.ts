/**
 * Refuses an SVG logo that could do anything but draw: scripts, event handlers, embedded web
 * content, links or references to anything outside the file, style sheets that fetch, and
 * entity declarations. The logo is also only ever shown through <img> and served
 * with a strict Content-Security-Policy; this check is the first of those walls, and it refuses
 * rather than cleans, so what is stored is exactly what the user sent.
 */

/** Elements that run code, hold other documents or change links over time. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'audio',
  'video',
]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** XML's character references decoded; null when an entity is not one XML defines. */
function decodeEntities(text: string): string | null {
  let unknown = false;
  const decoded = text.replace(/&(#x[0-9a-f]+|#[0-9]+|[A-Za-z][\w.-]*);?/gi, (_m, ref: string) => {
    if (ref.startsWith('#')) {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
    }
    const named = NAMED_ENTITIES[ref];
    if (named === undefined) unknown = true;
    return named ?? '';
  });
  return unknown ? null : decoded;
}

/** Browsers ignore white space and control characters inside a URL's scheme. */
const squeezed = (value: string) => value.replace(/[\s\p{Cc}]+/gu, '').toLowerCase();

const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();

// XML allows no "<" inside a tag, so neither pattern crosses one: each match attempt stops at
// the next "<", and a hostile file cannot make the scan slow. Names may be any characters, so a
// prefix in another alphabet (<é:script>) is still read.
const TAG =
  /<([^\s/<>!?"'=]+)((?:\s+[^\s=/<>]+(?:\s*=\s*(?:"[^"<]*"|'[^'<]*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s=/<>]+)(?:\s*=\s*(?:"([^"<]*)"|'([^'<]*)'|([^\s"'=<>`]+)))?/g;

/** Why this SVG cannot be a logo, in plain words, or null when it only draws. */
export function svgProblem(text: string): string | null {
  // A plain DOCTYPE (as some editors write) defines nothing; one with declarations could.
  if (/<!DOCTYPE[^>]*\[|<!ENTITY/i.test(text)) return 'it declares entities';
  if (/<\?xml-stylesheet/i.test(text)) return 'it links a style sheet';
  const decoded = decodeEntities(text);
  if (decoded === null) return 'it uses entities that SVG does not define';
  const flat = squeezed(decoded);
  if (/(java|vb)script:/.test(flat)) return 'it contains a script link';
  if (flat.includes('@import')) return 'its styles import other files';
  if (/url\((?!['"]?#)/.test(flat)) return 'its styles load other files';
  if (/(expression|image-set|src)\(/.test(flat)) return 'its styles load or run something';
  // CSS escapes could spell any of the above (u\72l is url) past these checks.
  if (flat.includes('\\')) return 'it contains escaped characters';

  let root: string | undefined;
  for (const tag of text.matchAll(TAG)) {
    const element = localName(tag[1] ?? '');
    root ??= element;
    if (ACTIVE_ELEMENTS.has(element)) return `it contains a <${element}> element`;
    for (const attribute of (tag[2] ?? '').matchAll(ATTRIBUTE)) {
      const name = localName(attribute[1] ?? '');
      const raw = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
      const value = decodeEntities(raw) ?? '';
      if (name.startsWith('on'))
        return `it has an event handler (${(attribute[1] ?? '').slice(0, 40)})`;
      if (name === 'href' && !value.trim().startsWith('#')) {
        return 'it links to something outside the drawing';
      }
      if (name === 'attributename' && /href/i.test(value)) return 'it animates a link';
    }
  }
  if (root !== 'svg') return 'it is not an SVG drawing';
  return null;
}
