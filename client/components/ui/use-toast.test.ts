import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, TOAST_REMOVE_DELAY_MS, toast } from './use-toast.ts';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('keeps only the newest toast', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
  });

  it('closes a dismissed toast and removes it 1,000,000 ms later', () => {
    const id = toast({ title: 'Bye' });
    dismissToast(id);
    expect(getToasts()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts().some((t) => t.id === id)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(getToasts().some((t) => t.id === id)).toBe(false);
  });
});
