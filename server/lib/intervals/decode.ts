import { Buffer, isAscii } from 'node:buffer';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The file's text: UTF-8 (with or without a byte-order mark), UTF-16 with a BOM, or, when the
 * bytes are not valid UTF-8, Windows-1252 (older exports write their non-breaking spaces as a
 * lone 0xA0 byte).
 */
export function decodeText(input: Uint8Array | string): string {
  let text: string;
  if (typeof input === 'string') text = input;
  else if (input[0] === 0xff && input[1] === 0xfe) text = new TextDecoder('utf-16le').decode(input);
  else if (input[0] === 0xfe && input[1] === 0xff) text = new TextDecoder('utf-16be').decode(input);
  else if (asciiAfterBom(input)) {
    // Most exports are plain ASCII: copied as Latin-1 in a fraction of a UTF-8 decode's time.
    const from = hasUtf8Bom(input) ? 3 : 0;
    return Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('latin1', from);
  } else {
    try {
      text = utf8.decode(input);
    } catch {
      text = new TextDecoder('windows-1252').decode(input);
    }
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function hasUtf8Bom(input: Uint8Array): boolean {
  return input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf;
}

function asciiAfterBom(input: Uint8Array): boolean {
  return isAscii(hasUtf8Bom(input) ? input.subarray(3) : input);
}

/**
 * The input's bytes when each is one character of the text decodeText made of it, in order: an
 * ASCII file (after any UTF-8 byte-order mark), or one read as Windows-1252. ASCII characters are
 * then the same as their bytes, which a scanner can read faster than the string. Undefined for
 * anything else (UTF-8 beyond ASCII, UTF-16, a string).
 */
export function oneBytePerChar(input: Uint8Array | string, text: string): Uint8Array | undefined {
  if (typeof input === 'string') return undefined;
  if (input.length === text.length) return input;
  return hasUtf8Bom(input) && input.length - 3 === text.length ? input.subarray(3) : undefined;
}
