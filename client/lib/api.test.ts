import { STARTING_UP_MESSAGE } from '@common/starting-up.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessageOf } from './api.ts';
import { isStartingUp } from './starting-up.ts';

describe('errorMessageOf', () => {
  it("uses the body's message", () => {
    expect(errorMessageOf(401, 'Unauthorized', { json: true, value: { message: 'Nope' } })).toBe(
      'Nope',
    );
  });

  it('falls back to status and status text for JSON without a message', () => {
    expect(errorMessageOf(500, 'Internal Server Error', { json: true, value: { error: 1 } })).toBe(
      '500 Internal Server Error',
    );
    expect(errorMessageOf(502, 'Bad Gateway', { json: true, value: null })).toBe('502 Bad Gateway');
  });

  it('uses the status text alone when the body is not JSON', () => {
    expect(errorMessageOf(502, 'Bad Gateway', { json: false })).toBe('Bad Gateway');
  });

  it('never returns an empty message', () => {
    expect(errorMessageOf(503, '', { json: false })).toBe('Request failed with status 503');
  });
});

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubFetch(response: Response) {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response);
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('sends a JSON body with its content type and the session cookie', async () => {
    const fetchMock = stubFetch(Response.json({ id: 1 }));
    await expect(apiRequest('POST', '/api/login', { username: 'a' })).resolves.toEqual({ id: 1 });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{"username":"a"}');
  });

  it('sends neither body nor content type without a body', async () => {
    const fetchMock = stubFetch(Response.json({ message: 'Signed out' }));
    await apiRequest('POST', '/api/logout');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toBeUndefined();
  });

  it('throws an ApiError carrying status, body and the server message', async () => {
    stubFetch(Response.json({ message: 'Invalid username or password' }, { status: 401 }));
    const error = await apiRequest('POST', '/api/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      body: { message: 'Invalid username or password' },
      message: 'Invalid username or password',
    });
  });

  it('uses the status text when the error body is not JSON', async () => {
    stubFetch(new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiRequest('GET', '/api/user')).rejects.toMatchObject({
      status: 502,
      body: null,
      message: 'Bad Gateway',
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('GET', '/api/user')).rejects.toMatchObject({ status: 0 });
  });
});

describe('a server that is starting', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits as Retry-After says, shows the notice meanwhile, and then answers', async () => {
    vi.useFakeTimers();
    const starting = () =>
      Response.json(
        { message: STARTING_UP_MESSAGE },
        { status: 503, headers: { 'retry-after': '1' } },
      );
    const answers = [starting(), starting(), Response.json({ id: 7 })];
    const fetchMock = vi.fn(async () => answers.shift() as Response);
    vi.stubGlobal('fetch', fetchMock);
    const result = apiRequest('GET', '/api/user');
    await vi.advanceTimersByTimeAsync(0);
    expect(isStartingUp()).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toEqual({ id: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(isStartingUp()).toBe(false);
  });

  it('treats any other 503 as an error at once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Chromium is not available' }, { status: 503 })),
    );
    await expect(apiRequest('GET', '/api/x')).rejects.toMatchObject({ status: 503 });
    expect(isStartingUp()).toBe(false);
  });
});
