import { describe, expect, it } from 'vitest';
import { kwhOfWattHours, runningWattHours } from './numbers.ts';

describe('kWh written to the watt-hour', () => {
  it('keeps the quarters of an hourly reading summing to the reading', () => {
    const next = runningWattHours();
    const quarters = [0.1325, 0.1325, 0.1325, 0.1325].map(next);
    expect(quarters.map(kwhOfWattHours)).toEqual(['0.133', '0.132', '0.133', '0.132']);
    expect(quarters.reduce((a, b) => a + b, 0)).toBe(530);
  });

  it('does not drift over a year of float sums', () => {
    const next = runningWattHours();
    let written = 0;
    for (let i = 0; i < 35_136; i++) written += next(0.1325);
    expect(written).toBe(Math.round(35_136 * 132.5));
  });

  it('writes plain decimals', () => {
    expect(kwhOfWattHours(0)).toBe('0');
    expect(kwhOfWattHours(-0)).toBe('0');
    expect(kwhOfWattHours(2000)).toBe('2');
    expect(kwhOfWattHours(1)).toBe('0.001');
    expect(kwhOfWattHours(-25)).toBe('-0.025');
  });
});
