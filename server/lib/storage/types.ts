/** A signed single-request upload: the browser sends the file body with these headers. */
export type SignedUpload = { method: 'PUT'; url: string; headers: Record<string, string> };

/** A signed form upload (S3's POST policy): the fields, then the file, as multipart/form-data. */
export type SignedPostUpload = { method: 'POST'; url: string; fields: Record<string, string> };

export type UploadRequest = {
  key: string;
  contentType: string;
  /** Largest body accepted; a larger `size` is refused at signing (413). */
  maxBytes: number;
  /**
   * Exact body size, when the caller knows it. Both stores then refuse any other size. Without
   * it an S3 URL cannot bound the body (a presigned PUT has no size range), so callers that
   * sign without `size` must check `head()` before recording an S3 upload.
   */
  size?: number;
  expiresInSec?: number;
};

export type ObjectInfo = { size: number; contentType: string | undefined; lastModified: Date };

export type ListedObject = { key: string; size: number; lastModified: Date };

/** Where files live: a local folder (embedded default) or any S3-compatible bucket. */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** A single-request PUT; the signature binds key, method, expiry, content type and size. */
  signUpload(input: UploadRequest): Promise<SignedUpload>;
  /** The same grant as a form POST, for Uppy's companion-style single request (`s3/params`). */
  signPostUpload(input: UploadRequest): Promise<SignedPostUpload>;
  /** A short-lived GET URL; fileName sets Content-Disposition attachment when given. */
  signDownload(input: { key: string; fileName?: string; expiresInSec?: number }): Promise<string>;
  /** null when the object does not exist. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Throws a 404 AppError when the object does not exist. */
  getBytes(key: string): Promise<Uint8Array>;
  put(key: string, body: Uint8Array | string, contentType: string): Promise<void>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with prefix (paged internally), in no particular order. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Where browsers send uploads and fetch downloads (for CSP); null when it is the app itself. */
  browserOrigin(): Promise<string | null>;
  /** Releases connections (S3); nothing to do for the local folder. */
  close(): void;
}

export const DEFAULT_UPLOAD_EXPIRY_SEC = 15 * 60;
export const DEFAULT_DOWNLOAD_EXPIRY_SEC = 5 * 60;
