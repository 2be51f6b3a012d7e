import {
  BUSINESS_LOGO_MAX_BYTES,
  BUSINESS_LOGO_MAX_KB,
  BUSINESS_LOGO_MAX_PIXELS,
  BUSINESS_LOGO_MIN_PIXELS,
  type BusinessLogoType,
} from '../../../common/business.ts';
import { badRequest } from '../../lib/errors.ts';
import { svgProblem } from './svg-check.ts';

export type CheckedLogo = { contentType: BusinessLogoType; extension: 'png' | 'jpg' | 'svg' };

const WRONG_TYPE = 'The logo must be a PNG, JPEG or SVG image.';

/**
 * What a logo really is, read from its bytes (the name and the declared type are only claims):
 * a PNG or JPEG within the size and pixel bounds, or an SVG drawing with nothing active in it.
 * Anything else is refused with a 400 saying why, before anything is stored.
 */
export function checkLogo(bytes: Uint8Array): CheckedLogo {
  if (bytes.byteLength === 0) throw badRequest('Choose an image file for the logo.');
  if (bytes.byteLength > BUSINESS_LOGO_MAX_BYTES) {
    throw badRequest(`The logo must be at most ${BUSINESS_LOGO_MAX_KB} KB.`);
  }
  if (isPng(bytes)) return withinBounds(pngSize(bytes), 'image/png', 'png');
  if (isJpeg(bytes)) return withinBounds(jpegSize(bytes), 'image/jpeg', 'jpg');
  const text = utf8(bytes);
  if (text !== null && looksLikeSvg(text)) {
    const problem = svgProblem(text);
    if (problem) throw badRequest(`This SVG cannot be used as a logo: ${problem}.`);
    return { contentType: 'image/svg+xml', extension: 'svg' };
  }
  throw badRequest(WRONG_TYPE);
}

type Size = { width: number; height: number } | null;

function withinBounds(
  size: Size,
  contentType: BusinessLogoType,
  extension: CheckedLogo['extension'],
): CheckedLogo {
  if (!size) throw badRequest('The logo image could not be read. Please save it again and retry.');
  const { width, height } = size;
  if (Math.min(width, height) < BUSINESS_LOGO_MIN_PIXELS) {
    throw badRequest(
      `The logo must be at least ${BUSINESS_LOGO_MIN_PIXELS} pixels wide and high (this one is ${width} x ${height}).`,
    );
  }
  if (Math.max(width, height) > BUSINESS_LOGO_MAX_PIXELS) {
    throw badRequest(
      `The logo must be at most ${BUSINESS_LOGO_MAX_PIXELS} pixels wide and high (this one is ${width} x ${height}).`,
    );
  }
  return { contentType, extension };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const isPng = (b: Uint8Array) => PNG_SIGNATURE.every((byte, i) => b[i] === byte);
const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

const u16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u32 = (b: Uint8Array, at: number) => u16(b, at) * 0x10000 + u16(b, at + 2);

/** A PNG's first chunk is its header (IHDR): width and height, 4 bytes each. */
function pngSize(b: Uint8Array): Size {
  const ihdr = String.fromCharCode(...b.subarray(12, 16));
  if (b.byteLength < 24 || ihdr !== 'IHDR') return null;
  return { width: u32(b, 16), height: u32(b, 20) };
}

/** A JPEG's size is in its start-of-frame segment, found by walking the segments before it. */
function jpegSize(b: Uint8Array): Size {
  let at = 2;
  while (at + 4 <= b.byteLength) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // Start of scan or end of image before any frame: no size to read.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = u16(b, at + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (at + 9 > b.byteLength) return null;
      return { height: u16(b, at + 5), width: u16(b, at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/** Text whose first element is <svg>, after an XML declaration, a DOCTYPE, comments or space. */
function looksLikeSvg(text: string): boolean {
  // A DOCTYPE is let through here: svgProblem decides whether what it declares is allowed.
  return /^\s*(<\?xml[\s\S]*?\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>\s*)*<(?:[A-Za-z_][\w.-]*:)?svg[\s>/]/i.test(
    text.slice(0, 8192),
  );
}
