import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatFileSize, formatKwh, formatUsd } from './format.ts';

describe('formatting', () => {
  it('formats money in cents with separators and cents', () => {
    expect(formatUsd(824_750)).toBe('$8,247.50');
    expect(formatUsd(2999)).toBe('$29.99');
  });

  it('formats energy', () => {
    expect(formatKwh(45_720)).toBe('45,720 kWh');
  });

  it('formats a calendar date the same in every time zone', () => {
    expect(formatCalendarDate('2024-09-01')).toBe('September 1, 2024');
  });

  it('formats file sizes', () => {
    expect(formatFileSize(251_904)).toBe('246 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
