import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, conflict, forbidden, notFound } from '../errors.ts';
import {
  assertValidKey,
  assertValidPrefix,
  checkUploadRequest,
  expiry,
  isValidKey,
  tooLarge,
} from './keys.ts';
import { type Grant, type GrantFor, type GrantQuery, GrantSigner } from './local-grants.ts';
import {
  DEFAULT_DOWNLOAD_EXPIRY_SEC,
  DEFAULT_UPLOAD_EXPIRY_SEC,
  type ListedObject,
  type ObjectInfo,
  type ObjectStore,
  type SignedPostUpload,
  type SignedUpload,
  type UploadRequest,
} from './types.ts';

/** Where the app serves the local store's signed URLs (see local-routes.ts). */
export const LOCAL_STORAGE_ROUTE = '/api/storage';

export type LocalStoreOptions = {
  /** The objects folder, e.g. `<DATA_DIR>/objects`. */
  dir: string;
  /** HMAC key of the signed URLs (32+ characters). */
  secret: string;
  /** Prefix of the signed URLs; '' makes them relative to the app's own origin. */
  baseUrl?: string;
  now?: () => number;
};

// Neither suffix can occur in a valid key, so list() never mistakes these files for objects.
const META_SUFFIX = '~meta';
const partName = (file: string) => `${file}~${randomUUID()}.part`;

/** Objects as files under one folder; each content type in a `<file>~meta` JSON file beside it. */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local';
  readonly dir: string;
  private readonly grants: GrantSigner;
  private readonly baseUrl: string;

  constructor(options: LocalStoreOptions) {
    this.dir = path.resolve(options.dir);
    this.grants = new GrantSigner(options.secret, options.now);
    this.baseUrl = options.baseUrl ?? '';
  }

  async signUpload(input: UploadRequest): Promise<SignedUpload> {
    const seconds = checkUploadRequest(input, DEFAULT_UPLOAD_EXPIRY_SEC);
    const url = this.url({
      op: 'put',
      key: input.key,
      exp: this.grants.expiresAt(seconds),
      max: input.maxBytes,
      size: input.size,
      type: input.contentType,
    });
    return { method: 'PUT', url, headers: { 'content-type': input.contentType } };
  }

  /** The PUT grant, accepted as a multipart form POST by the same route (local-routes.ts). */
  async signPostUpload(input: UploadRequest): Promise<SignedPostUpload> {
    const { url } = await this.signUpload(input);
    return { method: 'POST', url, fields: { key: input.key, 'Content-Type': input.contentType } };
  }

  async signDownload(input: { key: string; fileName?: string; expiresInSec?: number }) {
    assertValidKey(input.key);
    const seconds = expiry(input.expiresInSec, DEFAULT_DOWNLOAD_EXPIRY_SEC);
    const exp = this.grants.expiresAt(seconds);
    return this.url({ op: 'get', key: input.key, exp, name: input.fileName || undefined });
  }

  /** The grant a request to the local route carries; 403 unless signed for exactly this. */
  verify<Op extends Grant['op']>(op: Op, key: string, query: GrantQuery): GrantFor<Op> {
    const grant = this.grants.verify(op, key, query);
    if (!isValidKey(key)) throw forbidden('This link is not valid');
    return grant;
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const file = this.file(key);
    const stat = await fs.stat(file).catch(missingAsNull);
    if (!stat?.isFile()) return null;
    return { size: stat.size, contentType: await readType(file), lastModified: stat.mtime };
  }

  async getBytes(key: string): Promise<Uint8Array> {
    const bytes = await fs.readFile(this.file(key)).catch(missingAsNull);
    if (!bytes) throw notFound('File not found');
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  async put(key: string, body: Uint8Array | string, contentType: string): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const part = partName(file);
    try {
      await fs.writeFile(part, body, { flag: 'wx' });
      await commit(part, file, contentType);
    } finally {
      await fs.rm(part, { force: true });
    }
  }

  /**
   * Streams an upload into place for a verified grant. The body goes to a temporary file
   * beside the target and is renamed only when complete and within the grant, so a refused
   * upload leaves nothing stored.
   */
  async receive(grant: GrantFor<'put'>, body: Readable): Promise<{ etag: string }> {
    const file = this.file(grant.key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const part = partName(file);
    const md5 = createHash('md5');
    let bytes = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (bytes > grant.max) return done(tooLarge(grant.max));
        md5.update(chunk);
        done(null, chunk);
      },
    });
    // The request itself stays out of the pipeline: a failed pipeline destroys its streams, and
    // destroying the request would reset the connection before the 413 or 403 is sent.
    const inlet = new PassThrough();
    const interrupted = () => {
      if (!body.readableEnded) inlet.destroy(new AppError(400, 'The upload was interrupted'));
    };
    body.once('close', interrupted).once('error', interrupted).pipe(inlet);
    try {
      await pipeline(inlet, limit, createWriteStream(part, { flags: 'wx' }));
      if (grant.size !== undefined && bytes !== grant.size) {
        throw forbidden('The file size does not match the signed upload');
      }
      await commit(part, file, grant.type, { overwrite: false });
      return { etag: `"${md5.digest('hex')}"` };
    } finally {
      body.off('close', interrupted).off('error', interrupted).unpipe(inlet);
      // Whatever is left of a refused body is read and dropped.
      if (!body.readableEnded) body.resume();
      await fs.rm(part, { force: true });
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await fs.rm(file, { force: true });
    await fs.rm(file + META_SUFFIX, { force: true });
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    assertValidPrefix(prefix);
    // Only the folder the prefix names can hold matches; start the walk there.
    const start = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    for await (const key of walk(this.dir, start)) {
      if (!key.startsWith(prefix) || !isValidKey(key)) continue;
      const stat = await fs.stat(path.join(this.dir, key)).catch(missingAsNull);
      if (stat?.isFile()) yield { key, size: stat.size, lastModified: stat.mtime };
    }
  }

  async browserOrigin(): Promise<string | null> {
    return this.baseUrl ? new URL(this.baseUrl).origin : null;
  }

  close(): void {}

  /** The file of a key; refuses keys that could leave the objects folder. */
  file(key: string): string {
    assertValidKey(key);
    return path.join(this.dir, ...key.split('/'));
  }

  private url(grant: Grant): string {
    return `${this.baseUrl}${LOCAL_STORAGE_ROUTE}/${grant.key}?${this.grants.sign(grant)}`;
  }
}

/**
 * Records the content type, then moves the finished body into place. Without `overwrite` (a
 * browser's upload) the body is linked in only where no object is yet: an upload address is
 * used once, and a file already uploaded (and perhaps recorded) is never replaced through it.
 */
async function commit(
  part: string,
  file: string,
  contentType: string,
  { overwrite = true }: { overwrite?: boolean } = {},
) {
  if (!overwrite) {
    try {
      await fs.link(part, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw conflict(UPLOAD_USED);
      throw error;
    }
  }
  const metaPart = partName(file + META_SUFFIX);
  try {
    await fs.writeFile(metaPart, JSON.stringify({ contentType }), { flag: 'wx' });
    await fs.rename(metaPart, file + META_SUFFIX);
  } finally {
    await fs.rm(metaPart, { force: true });
  }
  if (overwrite) await fs.rename(part, file);
}

export const UPLOAD_USED =
  'This upload address has been used already. Upload the file again to get a new one.';

async function readType(file: string): Promise<string | undefined> {
  const text = await fs.readFile(file + META_SUFFIX, 'utf8').catch(missingAsNull);
  if (!text) return undefined;
  const { contentType } = JSON.parse(text) as { contentType?: unknown };
  return typeof contentType === 'string' ? contentType : undefined;
}

/** Keys (relative, with `/`) of every file under `dir/sub`, depth first. */
async function* walk(dir: string, sub: string): AsyncGenerator<string> {
  const entries = await fs
    .readdir(path.join(dir, sub), { withFileTypes: true })
    .catch(missingAsNull);
  for (const entry of entries ?? []) {
    const key = sub + entry.name;
    if (entry.isDirectory()) yield* walk(dir, `${key}/`);
    else if (entry.isFile()) yield key;
  }
}

function missingAsNull(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
  throw error;
}
