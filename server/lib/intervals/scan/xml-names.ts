export function localName(qname: string): string {
  const colon = qname.indexOf(':');
  return colon === -1 ? qname : qname.slice(colon + 1);
}

/**
 * The same string, as V8's one copy of it (the copy a property key uses): comparing two such
 * strings is comparing two pointers, where a cut string is compared character by character
 * with every name a handler tests it against.
 */
function internalized(s: string): string {
  return Object.keys({ [s]: true })[0] ?? s;
}

/**
 * Element names seen before, so the tens of thousands of tags in a feed reuse a handful of
 * strings instead of cutting a new one each time (which cost more than the scanning itself).
 */
export class NameTable {
  private readonly qnames: Array<string | undefined> = new Array(512).fill(undefined);
  private readonly locals: string[] = new Array(512).fill('');
  private readonly hashes = new Int32Array(512);
  qname = '';
  local = '';

  find(text: string, start: number, end: number, hash: number): void {
    const slot = (hash ^ (end - start)) & 511;
    const known = this.qnames[slot];
    if (
      known !== undefined &&
      this.hashes[slot] === hash &&
      known.length === end - start &&
      known.charCodeAt(0) === text.charCodeAt(start)
    ) {
      this.qname = known;
      this.local = this.locals[slot] as string;
      return;
    }
    this.qname = internalized(text.slice(start, end));
    this.local = internalized(localName(this.qname));
    this.qnames[slot] = this.qname;
    this.locals[slot] = this.local;
    this.hashes[slot] = hash;
  }
}
