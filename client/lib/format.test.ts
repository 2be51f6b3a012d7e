import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatFileSize, formatKwh, formatUsd } from './format.ts';

describe('formatting', () => {
  it('formats money in cents with separators and cents', () => {
    expect(formatUsd(824_750)).toBe('$8,247.50');
    expect(formatUsd(2999)).toBe('$29.99');
  });

  it('formats energy to the hundredth, as the report and the emails do', () => {
    expect(formatKwh(45_720)).toBe('45,720 kWh');
    // A year of PG&E interval data: the dashboard's card shows the API's 1668.51 (a float sum
    // 1668.5100000000168 before rounding) as the report prints it, not rounded to 1,669.
    expect(formatKwh(1668.51)).toBe('1,668.51 kWh');
    expect(formatKwh(1668.5100000000168)).toBe('1,668.51 kWh');
    expect(formatKwh(1391.666)).toBe('1,391.67 kWh');
    expect(formatUsd(65_119)).toBe('$651.19');
  });

  it('formats a calendar date the same in every time zone', () => {
    expect(formatCalendarDate('2024-09-01')).toBe('September 1, 2024');
  });

  it('formats file sizes', () => {
    expect(formatFileSize(251_904)).toBe('246 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
