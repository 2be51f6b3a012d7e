/** What the upload dialog says when a file cannot be sent, in words the user can act on. */
export const UPLOAD_NETWORK_ERROR =
  'This looks like a network error, the endpoint might be blocked by an internet provider or a firewall.';
export const UPLOAD_AUTH_ERROR = 'Authorization required';

/** The `message` of our JSON error body, or the `<Message>` of an S3 XML error. */
function messageOfBody(body: unknown): string | null {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return /<Message>([^<]+)<\/Message>/.exec(body)?.[1]?.trim() || null;
    }
  }
  const message = (value as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * What the user reads when one file's upload failed. Covers the three ways it can fail: signing
 * (an ApiError from POST /api/objects/upload), the PUT itself (Uppy's S3ServiceError, whose
 * `body` holds our server's `{ message }`), and no answer at all (S3NetworkError, status 0).
 */
export function uploadErrorMessage(error: unknown): string {
  if (!error || typeof error !== 'object') return 'Unknown error';
  const { name, status, body, message, serviceCode } = error as {
    name?: unknown;
    status?: unknown;
    body?: unknown;
    message?: unknown;
    serviceCode?: unknown;
  };
  if (name === 'S3NetworkError' || status === 0) return UPLOAD_NETWORK_ERROR;
  if (status === 401) return UPLOAD_AUTH_ERROR;
  if (typeof status === 'number') {
    const fromServer = messageOfBody(body);
    if (name === 'ApiError' && typeof message === 'string' && message !== '') return message;
    if (fromServer) return fromServer;
    const code = typeof serviceCode === 'string' ? ` ${serviceCode}` : '';
    return `Failed request with status: ${status}.${code}`;
  }
  return typeof message === 'string' && message !== '' ? message : 'Unknown error';
}
