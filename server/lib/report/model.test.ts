import { describe, expect, it } from 'vitest';
import { monthsBetween } from './model.ts';

describe('monthsBetween', () => {
  it('counts the whole months the days span, the last day included', () => {
    expect(monthsBetween('2024-02-01', '2025-01-31')).toBe(12);
    expect(monthsBetween('2024-02-01', '2025-01-30')).toBe(11);
    expect(monthsBetween('2024-02-15', '2024-03-13')).toBe(0);
    expect(monthsBetween('2024-02-15', '2024-03-14')).toBe(1);
    expect(monthsBetween('2012-03-01', '2012-03-14')).toBe(0);
    // From a month's last day to the next month's last day is a month.
    expect(monthsBetween('2024-01-31', '2024-02-29')).toBe(1);
    expect(monthsBetween('2024-01-01', '2024-12-31')).toBe(12);
  });
});
