import { AppError, badRequest } from '../errors.ts';
import type { UploadRequest } from './types.ts';

const KEY = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;
const PREFIX = /^[A-Za-z0-9/_.-]*$/;
const MAX_KEY_LENGTH = 1024;

/** Keys are chosen by the server; anything that could escape a folder or need encoding is refused. */
export function isValidKey(key: string): boolean {
  return (
    key.length <= MAX_KEY_LENGTH &&
    KEY.test(key) &&
    !key.includes('..') &&
    !key.split('/').includes('.')
  );
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw badRequest('Invalid object key');
}

export function assertValidPrefix(prefix: string): void {
  if (prefix.length > MAX_KEY_LENGTH || !PREFIX.test(prefix) || prefix.includes('..')) {
    throw badRequest('Invalid object key prefix');
  }
}

export const tooLarge = (maxBytes: number) =>
  new AppError(413, `File is larger than the limit of ${maxBytes} bytes`, 'too_large');

/** Checks what both stores sign the same way; returns the expiry in seconds. */
export function checkUploadRequest(input: UploadRequest, defaultExpiry: number): number {
  assertValidKey(input.key);
  // A content type ends up in a header and in the signature: one printable line, no more.
  if (!/^[\x21-\x7e][\x20-\x7e]{0,254}$/.test(input.contentType)) {
    throw badRequest('Invalid content type');
  }
  if (!Number.isSafeInteger(input.maxBytes) || input.maxBytes < 0) {
    throw new Error('maxBytes must be a non-negative integer');
  }
  if (input.size !== undefined) {
    if (!Number.isSafeInteger(input.size) || input.size < 0) throw badRequest('Invalid file size');
    if (input.size > input.maxBytes) throw tooLarge(input.maxBytes);
  }
  return expiry(input.expiresInSec, defaultExpiry);
}

export function expiry(seconds: number | undefined, fallback: number): number {
  const value = seconds ?? fallback;
  if (!Number.isInteger(value) || value < 1 || value > 7 * 24 * 60 * 60) {
    throw new Error('expiresInSec must be a whole number of seconds between 1 and 604800');
  }
  return value;
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
