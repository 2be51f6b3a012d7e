import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { notFound } from '../errors.ts';
import {
  assertValidKey,
  assertValidPrefix,
  attachmentDisposition,
  checkUploadRequest,
  expiry,
} from './keys.ts';
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

export type S3StoreOptions = {
  bucket: string;
  region: string;
  /** Any S3-compatible endpoint (MinIO, R2, ...); AWS when absent. */
  endpoint: string | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`; most non-AWS stores need it. */
  forcePathStyle: boolean;
  /** Absent: the SDK's default chain (instance or task role, AWS_* variables, profiles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Keys per list request; S3's own default and maximum is 1000. */
  pageSize?: number;
};

/** Objects in one bucket of any S3-compatible store, through the AWS SDK v3. */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly pageSize: number | undefined;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.pageSize = options.pageSize;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // By default the SDK presigns a CRC32 of the empty body into every PUT URL, which the
      // store then compares with the real body. Checksums only where an operation needs one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async signUpload(input: UploadRequest): Promise<SignedUpload> {
    const seconds = checkUploadRequest(input, DEFAULT_UPLOAD_EXPIRY_SEC);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: input.key,
      ContentType: input.contentType,
      ContentLength: input.size,
      // S3's conditional write: the PUT succeeds only where no object is yet, so the address
      // cannot replace a file uploaded (and perhaps recorded) through it within its 15 minutes.
      IfNoneMatch: '*',
    });
    // The headers go into X-Amz-SignedHeaders: S3 refuses a body of another type or size, and
    // a request that leaves out the condition.
    const url = await getSignedUrl(this.client, command, {
      expiresIn: seconds,
      signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']),
    });
    return {
      method: 'PUT',
      url,
      headers: { 'content-type': input.contentType, 'if-none-match': '*' },
    };
  }

  /** A POST policy: S3 itself enforces the size range and the content type. */
  async signPostUpload(input: UploadRequest): Promise<SignedPostUpload> {
    const seconds = checkUploadRequest(input, DEFAULT_UPLOAD_EXPIRY_SEC);
    const low = input.size ?? 0;
    const high = input.size ?? input.maxBytes;
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: input.key,
      Expires: seconds,
      Fields: { 'Content-Type': input.contentType },
      Conditions: [
        ['content-length-range', low, high],
        ['eq', '$Content-Type', input.contentType],
      ],
    });
    return { method: 'POST', url, fields };
  }

  async signDownload(input: { key: string; fileName?: string; expiresInSec?: number }) {
    assertValidKey(input.key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: input.key,
      ResponseContentDisposition: input.fileName
        ? attachmentDisposition(input.fileName)
        : undefined,
    });
    return getSignedUrl(this.client, command, {
      expiresIn: expiry(input.expiresInSec, DEFAULT_DOWNLOAD_EXPIRY_SEC),
    });
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: out.ContentLength ?? 0,
        contentType: out.ContentType,
        lastModified: out.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async getBytes(key: string): Promise<Uint8Array> {
    assertValidKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) throw notFound('File not found');
      return await out.Body.transformToByteArray();
    } catch (error) {
      if (isMissing(error)) throw notFound('File not found');
      throw error;
    }
  }

  async put(key: string, body: Uint8Array | string, contentType: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    assertValidPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: token,
          MaxKeys: this.pageSize,
        }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key === undefined) continue;
        yield {
          key: item.Key,
          size: item.Size ?? 0,
          lastModified: item.LastModified ?? new Date(0),
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async browserOrigin(): Promise<string | null> {
    // The SDK knows the addressing (virtual-host or path style, endpoint); ask it for a URL.
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.bucket, Key: 'origin' }),
      { expiresIn: 1 },
    );
    return new URL(url).origin;
  }

  /** Releases the SDK's sockets (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' ||
      error.name === 'NoSuchKey' ||
      error.$metadata.httpStatusCode === 404)
  );
}
