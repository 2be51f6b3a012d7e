import { randomBytes } from 'node:crypto';
import { LOGO_PATH } from '../../../common/providers.ts';
import { UPLOAD_LIMITS, type UploadPurpose } from '../../../common/uploads.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';
import type { UserRow } from '../users/service.ts';

/** Folders by purpose: logos are public, connection files private. */
export const PREFIX: Record<UploadPurpose, string> = {
  logo: 'logos/',
  'connection-file': 'files/',
};

const LOGO_EXTENSIONS: Record<string, string> = { 'image/png': '.png', 'image/jpeg': '.jpg' };

/** A server-chosen key: a random name, and for files the original extension when it is plain. */
export function newObjectKey(purpose: UploadPurpose, contentType: string, fileName?: string) {
  const id = randomBytes(16).toString('base64url');
  if (purpose === 'logo') return `${PREFIX.logo}${id}${LOGO_EXTENSIONS[contentType] ?? ''}`;
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(fileName ?? '')?.[1]?.toLowerCase();
  return `${PREFIX['connection-file']}${id}${ext ? `.${ext}` : ''}`;
}

export type UploadIntent = {
  purpose: UploadPurpose;
  fileName?: string | undefined;
  contentType?: string | undefined;
  size?: number | undefined;
};

/** Who may upload what, and how the signed request is bounded. */
export function planUpload(user: UserRow, intent: UploadIntent) {
  const limits = UPLOAD_LIMITS[intent.purpose];
  if (intent.purpose === 'logo' && user.role !== 'admin') {
    throw forbidden('Only administrators can upload provider logos');
  }
  const contentType = intent.contentType || 'application/octet-stream';
  if (limits.types && !limits.types.includes(contentType)) {
    throw badRequest('Logos must be PNG or JPEG images');
  }
  return {
    key: newObjectKey(intent.purpose, contentType, intent.fileName),
    contentType,
    maxBytes: limits.maxBytes,
    size: intent.size,
  };
}

export async function signUpload(store: ObjectStore, user: UserRow, intent: UploadIntent) {
  const plan = planUpload(user, intent);
  const signed = await store.signUpload(plan);
  return { uploadURL: signed.url, method: signed.method, headers: signed.headers, key: plan.key };
}

/**
 * The key an upload URL (or object path) names. Accepts what the browser was given: a local
 * `/api/storage/<key>?...` URL, an S3 URL (path or virtual-host style), or `/objects/<key>`.
 */
export function keyFromUploadUrl(value: string, prefix: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(value, 'http://local.invalid').pathname;
  } catch {
    return null;
  }
  const at = pathname.indexOf(`/${prefix}`);
  if (at < 0) return null;
  const key = decodeURIComponent(pathname.slice(at + 1));
  return /^[A-Za-z0-9/_.-]+$/.test(key) && !key.includes('..') ? key : null;
}

/**
 * Turns an uploaded logo into the provider's image path, after checking what was really
 * stored: a PNG or JPEG of at most 2 MB. Anything else is deleted and refused.
 */
export async function acceptLogo(store: ObjectStore, imageUrl: string): Promise<string> {
  const key = keyFromUploadUrl(imageUrl, PREFIX.logo);
  if (!key) throw badRequest('This is not an uploaded logo');
  const info = await store.head(key);
  if (!info) throw badRequest('The logo was not uploaded');
  const limits = UPLOAD_LIMITS.logo;
  const bytes = info.size <= limits.maxBytes ? await store.getBytes(key) : undefined;
  const kind = bytes ? sniffImage(bytes) : undefined;
  if (!bytes || !kind || !limits.types?.includes(kind)) {
    await store.delete(key);
    throw badRequest(
      bytes ? 'Logos must be PNG or JPEG images' : `Logos must be at most ${limits.maxBytes} bytes`,
    );
  }
  const objectPath = `/objects/${key}`;
  if (!LOGO_PATH.test(objectPath)) throw badRequest('This is not an uploaded logo');
  return objectPath;
}

/** The real type of an image from its first bytes; the declared type is only a claim. */
function sniffImage(bytes: Uint8Array): string | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}
