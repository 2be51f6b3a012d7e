/** The HTTP client every page uses: the session cookie, JSON, and the server's messages. */
import { STARTING_UP_MESSAGE } from '@common/starting-up.ts';
import { waitForStart } from './starting-up.ts';

/** A non-2xx answer (or no answer) from the server, with the message the user should see. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The parsed JSON body, or null when the body was not JSON. */
    readonly body: unknown,
  ) {
    super(message);
  }
}

const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/**
 * The message of a failed response, for the user: the body's `message`, else
 * "{status} {statusText}"; when the body is not JSON, the status text alone.
 */
export function errorMessageOf(
  status: number,
  statusText: string,
  body: { json: true; value: unknown } | { json: false },
): string {
  if (body.json) {
    const message = (body.value as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message.trim() !== '') return message;
    return `${status} ${statusText}`.trim();
  }
  // HTTP/2 answers carry no status text; never show an empty message.
  return statusText || `Request failed with status ${status}`;
}

async function readBody(res: Response): Promise<{ json: true; value: unknown } | { json: false }> {
  const text = await res.text();
  if (text === '') return { json: false };
  try {
    return { json: true, value: JSON.parse(text) };
  } catch {
    return { json: false };
  }
}

/** How long a request waits for a starting server before it gives up. */
const START_WAIT_LIMIT_MS = 120_000;

/** The server's "starting up" answer: the request was not handled and may be sent again. */
function startingUp(res: Response, body: Awaited<ReturnType<typeof readBody>>): number | null {
  if (res.status !== 503 || !body.json) return null;
  if ((body.value as { message?: unknown } | null)?.message !== STARTING_UP_MESSAGE) return null;
  const seconds = Number(res.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
}

/**
 * Fetches with the session cookie; throws ApiError on any non-2xx answer or network failure.
 * While the server is starting (503, STARTING_UP_MESSAGE) it waits as Retry-After says and asks
 * again, for up to two minutes, and the page shows a "Starting up" notice.
 */
async function send(url: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  let body: Awaited<ReturnType<typeof readBody>>;
  let done: (() => void) | undefined;
  const started = Date.now();
  try {
    for (;;) {
      try {
        res = await fetch(url, { ...init, credentials: 'include' });
      } catch {
        throw new ApiError(NETWORK_ERROR_MESSAGE, 0, null);
      }
      body = await readBody(res);
      const wait = startingUp(res, body);
      if (wait === null || Date.now() - started > START_WAIT_LIMIT_MS) break;
      done ??= waitForStart();
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  } finally {
    done?.();
  }
  if (!res.ok) {
    throw new ApiError(
      errorMessageOf(res.status, res.statusText, body),
      res.status,
      body.json ? body.value : null,
    );
  }
  return body.json ? body.value : undefined;
}

/** Calls the API; a body is sent as JSON only when given. Resolves to the parsed JSON answer. */
export function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return send(url, init) as Promise<T>;
}

/** Sends a file's own bytes as the body (the server reads what it is from them). */
export function apiUpload<T = unknown>(method: string, url: string, file: Blob): Promise<T> {
  const headers = { 'Content-Type': file.type || 'application/octet-stream' };
  return send(url, { method, headers, body: file }) as Promise<T>;
}
