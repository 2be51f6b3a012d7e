import { describe, expect, it } from 'vitest';
import { flat, seriesOfKw } from '../testing/factories.ts';
import { defaultBatteryKw, demandKw, holdsThreshold, shavePeak } from './peak-shaving.ts';

/** A day of 10 kW with 30 kW spikes of `spikeSlots` 15-minute slots starting at the given slots. */
function dayWithSpikes(spikeSlots: number, ...starts: number[]): Float64Array {
  const kW = flat(96, 10);
  for (const start of starts) for (let i = start; i < start + spikeSlots; i++) kW[i] = 30;
  return demandKw(seriesOfKw(kW));
}

describe('shavePeak', () => {
  it('takes a 1-hour 30 kW spike on a 10 kW load down to 20 kW with a 10 kW / 1 h battery', () => {
    const result = shavePeak(dayWithSpikes(4, 40), 10, 1);
    expect(result?.peakKw).toBe(30);
    expect(result?.energyKWh).toBe(10);
    expect(result?.newPeakKw).toBeCloseTo(20, 3);
    expect(result?.reductionKw).toBeCloseTo(10, 3);
    expect(result?.reductionPct).toBeCloseTo(100 / 3, 2);
  });

  it('is held back by stored energy on a 2-hour spike: (30 - T) x 2 h = 10 kWh gives T = 25 kW', () => {
    const result = shavePeak(dayWithSpikes(8, 40), 10, 1);
    expect(result?.newPeakKw).toBeCloseTo(25, 3);
    expect(result?.limitedBy).toBe('energy');
    // Twice the storage covers the same spike down to the power limit.
    const longer = shavePeak(dayWithSpikes(8, 40), 10, 2);
    expect(longer?.newPeakKw).toBeCloseTo(20, 3);
    expect(longer?.limitedBy).toBe('power');
  });

  it('recharges between spikes at 90% efficiency: two 1-hour spikes an hour apart give 20.5 kW', () => {
    // First spike uses 30 - T kWh; the hour between at 10 kW recharges min(10, T - 10) kW x 0.9;
    // the second spike needs 30 - T again: 10 - (30 - T) + 9 >= 30 - T, so T >= 20.5.
    const load = dayWithSpikes(4, 40, 48);
    const result = shavePeak(load, 10, 1);
    expect(result?.newPeakKw).toBeCloseTo(20.5, 3);
    expect(holdsThreshold(load, 20.49, 10, 10)).toBe(false);
    expect(holdsThreshold(load, 20.51, 10, 10)).toBe(true);
  });

  it('can only lower a flat load by what the stored energy lasts: 5 kWh over 96 h', () => {
    const load = demandKw(seriesOfKw(flat(384, 10)));
    const result = shavePeak(load, 5, 1);
    expect(result?.newPeakKw).toBeCloseTo(10 - 5 / 96, 3);
  });

  it('idles through slots without data, and has nothing to shave on an empty load', () => {
    const kW = flat(96, 10);
    for (let i = 40; i < 44; i++) kW[i] = 30;
    for (let i = 44; i < 60; i++) kW[i] = Number.NaN;
    expect(shavePeak(demandKw(seriesOfKw(kW)), 10, 1)?.newPeakKw).toBeCloseTo(20, 3);
    expect(shavePeak(demandKw(seriesOfKw(flat(96, 0))), 10, 1)).toBeUndefined();
  });

  it('runs three durations on a one-year 15-minute series quickly', () => {
    const kW = Array.from(
      { length: 35_040 },
      (_, i) => 20 + 15 * Math.sin(i / 7) + (i % 96 === 70 ? 40 : 0),
    );
    const load = demandKw(seriesOfKw(kW));
    const started = performance.now();
    const results = [1, 2, 4].map((h) => shavePeak(load, 10, h));
    console.log(
      `peak shaving, 35,040 slots x 3 batteries: ${(performance.now() - started).toFixed(1)} ms`,
    );
    expect(
      results
        .map((r) => r?.newPeakKw ?? 0)
        .every((p, i, all) => i === 0 || p <= (all[i - 1] as number)),
    ).toBe(true);
  });
});

describe('defaultBatteryKw', () => {
  it('takes a quarter of the peak rounded to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(defaultBatteryKw(100)).toBe(25);
    expect(defaultBatteryKw(6.64)).toBe(2);
    expect(defaultBatteryKw(41)).toBe(10);
    expect(defaultBatteryKw(1)).toBe(0.25);
    expect(defaultBatteryKw(0)).toBeUndefined();
  });
});
