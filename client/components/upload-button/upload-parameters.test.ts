import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestUploadParameters } from './upload-parameters.ts';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('requestUploadParameters', () => {
  it("asks POST /api/objects/upload for the file's purpose, name, type and size", async () => {
    const fetch = vi.fn(async () =>
      answer(200, {
        uploadURL: '/api/storage/logos/abc.png?sig=1',
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        key: 'logos/abc.png',
      }),
    );
    vi.stubGlobal('fetch', fetch);

    const params = await requestUploadParameters('logo')({
      name: 'logo.png',
      type: 'image/png',
      size: 1234,
    });

    expect(params).toEqual({
      method: 'PUT',
      url: '/api/storage/logos/abc.png?sig=1',
      headers: { 'content-type': 'image/png' },
      key: 'logos/abc.png',
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/objects/upload');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      purpose: 'logo',
      fileName: 'logo.png',
      contentType: 'image/png',
      size: 1234,
    });
  });

  it('sends an unknown type as application/octet-stream and accepts a bare { uploadURL }', async () => {
    const fetch = vi.fn(async () => answer(200, { uploadURL: 'https://bucket.example/k?X=1' }));
    vi.stubGlobal('fetch', fetch);

    const params = await requestUploadParameters('connection-file')({
      name: 'usage',
      type: '',
      size: 0,
    });

    expect(params).toEqual({
      method: 'PUT',
      url: 'https://bucket.example/k?X=1',
      headers: {},
      key: undefined,
    });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string).contentType).toBe('application/octet-stream');
  });

  it("rejects with the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(413, { message: 'File is larger than the limit of 2097152 bytes' })),
    );
    await expect(
      requestUploadParameters('logo')({ name: 'big.png', type: 'image/png', size: 3e6 }),
    ).rejects.toMatchObject({
      status: 413,
      message: 'File is larger than the limit of 2097152 bytes',
    });
  });
});
