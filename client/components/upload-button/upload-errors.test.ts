import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api.ts';
import { UPLOAD_AUTH_ERROR, UPLOAD_NETWORK_ERROR, uploadErrorMessage } from './upload-errors.ts';

/** The shape of @uppy/aws-s3's errors (S3ServiceError, S3NetworkError), without loading Uppy. */
function s3Error(name: string, fields: Record<string, unknown>) {
  return Object.assign(new Error(fields.message as string), { name, ...fields });
}

describe('uploadErrorMessage', () => {
  it("shows our server's JSON message when the PUT is refused", () => {
    const error = s3Error('S3ServiceError', {
      message: 'S3 returned 413',
      status: 413,
      body: JSON.stringify({ message: 'File is larger than the limit of 2097152 bytes' }),
    });
    expect(uploadErrorMessage(error)).toBe('File is larger than the limit of 2097152 bytes');
  });

  it("shows an S3 store's XML message", () => {
    const error = s3Error('S3ServiceError', {
      message: 'S3 returned 400 – EntityTooLarge',
      status: 400,
      serviceCode: 'EntityTooLarge',
      body: '<Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>',
    });
    expect(uploadErrorMessage(error)).toBe('Your proposed upload exceeds the maximum allowed size');
  });

  it('falls back to the status (and S3 code) when the body says nothing', () => {
    expect(uploadErrorMessage(s3Error('S3ServiceError', { status: 500, body: '' }))).toBe(
      'Failed request with status: 500.',
    );
    expect(
      uploadErrorMessage(
        s3Error('S3ServiceError', { status: 403, body: 'nope', serviceCode: 'AccessDenied' }),
      ),
    ).toBe('Failed request with status: 403. AccessDenied');
  });

  it('passes on the message of a refused signing call', () => {
    const error = new ApiError('Only PNG and JPEG logos are accepted', 415, {
      message: 'Only PNG and JPEG logos are accepted',
    });
    expect(uploadErrorMessage(error)).toBe('Only PNG and JPEG logos are accepted');
  });

  it('says "Authorization required" for a 401 from either call', () => {
    expect(uploadErrorMessage(new ApiError('Please sign in', 401, null))).toBe(UPLOAD_AUTH_ERROR);
    expect(uploadErrorMessage(s3Error('S3ServiceError', { status: 401, body: '' }))).toBe(
      UPLOAD_AUTH_ERROR,
    );
  });

  it('names a network failure as one', () => {
    expect(
      uploadErrorMessage(s3Error('S3NetworkError', { message: 'Network error during S3 request' })),
    ).toBe(UPLOAD_NETWORK_ERROR);
    expect(uploadErrorMessage(new ApiError('Could not reach the server.', 0, null))).toBe(
      UPLOAD_NETWORK_ERROR,
    );
  });

  it('keeps any other message, and never shows an empty one', () => {
    expect(uploadErrorMessage(new Error('Only single-request uploads are supported'))).toBe(
      'Only single-request uploads are supported',
    );
    expect(uploadErrorMessage(new Error(''))).toBe('Unknown error');
    expect(uploadErrorMessage(undefined)).toBe('Unknown error');
  });
});
