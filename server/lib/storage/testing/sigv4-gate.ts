import { createHash, createHmac } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * s3rver accepts any AWS Signature V4 without computing it, so a test cannot see whether a
 * presigned URL really binds a header. This gate checks presigned (query) signatures as S3
 * does before handing the request on, and answers SignatureDoesNotMatch (403) otherwise.
 * Header-signed SDK calls pass through unchecked.
 */
export async function startSigV4Gate(
  next: (request: IncomingMessage, response: ServerResponse) => void,
  secrets: Record<string, string>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (!request.url?.includes('X-Amz-Signature=') || presignedSignatureMatches(request, secrets)) {
      return next(request, response);
    }
    request.resume();
    response.writeHead(403, { 'content-type': 'application/xml' });
    response.end('<?xml version="1.0"?><Error><Code>SignatureDoesNotMatch</Code></Error>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Recomputes a query-string SigV4 signature from the request as received. */
function presignedSignatureMatches(
  request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>,
  secrets: Record<string, string>,
): boolean {
  const url = request.url ?? '';
  const cut = url.indexOf('?');
  const rawPath = cut < 0 ? url : url.slice(0, cut);
  const params = [...new URLSearchParams(cut < 0 ? '' : url.slice(cut + 1))];
  const param = (name: string) => params.find(([k]) => k === name)?.[1] ?? '';

  const [accessKeyId = '', date = '', region = '', service = ''] =
    param('X-Amz-Credential').split('/');
  const secret = secrets[accessKeyId];
  if (!secret) return false;
  const signedHeaders = param('X-Amz-SignedHeaders').split(';');
  const canonicalQuery = params
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => compare(a, b) || compare(av, bv))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    param('X-Amz-Content-Sha256') || 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    param('X-Amz-Date'),
    [date, region, service, 'aws4_request'].join('/'),
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  let key: Buffer = Buffer.from(`AWS4${secret}`);
  for (const part of [date, region, service, 'aws4_request']) key = hmac(key, part);
  return hmac(key, stringToSign).toString('hex') === param('X-Amz-Signature');
}

const hmac = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest();

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
