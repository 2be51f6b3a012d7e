import type { WebhookDelivery } from '@common/webhooks.ts';
import { describe, expect, it } from 'vitest';
import { RETRY_WATCH_MS, shouldPoll, watchRetry } from './delivery-watch.ts';

function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 7,
    event: 'ping',
    status: 'succeeded',
    attempts: 1,
    responseStatus: 200,
    lastError: null,
    createdAt: '2024-11-22T12:00:00.000Z',
    deliveredAt: '2024-11-22T12:00:01.000Z',
    ...overrides,
  };
}

describe('shouldPoll', () => {
  it('reads again while a delivery is pending, and not once all are settled', () => {
    expect(shouldPoll([delivery(), delivery({ id: 8, status: 'pending' })], null, 0)).toBe(true);
    expect(shouldPoll([delivery(), delivery({ id: 8, status: 'failed' })], null, 0)).toBe(false);
    expect(shouldPoll(undefined, null, 0)).toBe(false);
  });

  it('after Retry, reads again until the new attempt is recorded or the watch runs out', () => {
    const failed = delivery({ status: 'failed', responseStatus: 500, attempts: 2 });
    const watched = watchRetry(failed, 1_000);
    expect(watched.until).toBe(1_000 + RETRY_WATCH_MS);
    expect(shouldPoll([failed], watched, 2_000)).toBe(true);
    expect(shouldPoll([{ ...failed, attempts: 3 }], watched, 2_000)).toBe(false);
    expect(shouldPoll([{ ...failed, status: 'succeeded', attempts: 3 }], watched, 2_000)).toBe(
      false,
    );
    expect(shouldPoll([failed], watched, watched.until)).toBe(false);
    expect(shouldPoll([delivery({ id: 99 })], watched, 2_000)).toBe(false);
  });
});
