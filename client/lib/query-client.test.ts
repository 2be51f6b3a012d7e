import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, getQueryFn, queryKeyToUrl } from './query-client.ts';

describe('queryKeyToUrl', () => {
  it('joins the key parts with slashes', () => {
    expect(queryKeyToUrl(['/api/connections', 7, 'files'])).toBe('/api/connections/7/files');
    expect(queryKeyToUrl(['/api/user'])).toBe('/api/user');
  });
});

describe('getQueryFn', () => {
  afterEach(() => vi.unstubAllGlobals());

  function run(on401: 'returnNull' | 'throw') {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return client.fetchQuery({ queryKey: ['/api/user'], queryFn: getQueryFn({ on401 }) });
  }

  it('returns null for 401 when asked to', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Not signed in' }, { status: 401 })),
    );
    await expect(run('returnNull')).resolves.toBeNull();
  });

  it('throws on 401 otherwise', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Not signed in' }, { status: 401 })),
    );
    await expect(run('throw')).rejects.toMatchObject({ status: 401, message: 'Not signed in' });
  });

  it('still throws other errors with returnNull', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Down' }, { status: 500 })),
    );
    await expect(run('returnNull')).rejects.toMatchObject({ status: 500 });
  });
});

describe('createQueryClient', () => {
  it('never refetches on focus, never goes stale and never retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('reads the key URL by default', async () => {
    const fetchMock = vi.fn(async (_url: string) => Response.json([{ id: 1 }]));
    vi.stubGlobal('fetch', fetchMock);
    const data = await createQueryClient().fetchQuery({ queryKey: ['/api/providers'] });
    expect(data).toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/providers');
    vi.unstubAllGlobals();
  });
});
