import { describe, expect, it } from 'vitest';
import {
  dollarsText,
  kwData,
  kwhData,
  kwhText,
  kwText,
  maybe,
  moneyData,
  moneyText,
  pctData,
  pctText,
  rateData,
  rateText,
  shareData,
} from './quantities.ts';

describe('figures in data', () => {
  it('cut the float noise of sums: 1668.5100000000168 kWh is 1668.51', () => {
    expect(kwhData(1668.5100000000168)).toBe(1668.51);
    expect(kwhData(0.1 + 0.2)).toBe(0.3);
    expect(moneyData(651.1899999999987)).toBe(651.19);
  });

  it('keep kWh and kW to the thousandth, money to the cent', () => {
    expect(kwhData(1391.6664999)).toBe(1391.666);
    expect(kwhData(1391.6665)).toBe(1391.667);
    expect(kwData(6.6449)).toBe(6.645);
    expect(moneyData(149.99132)).toBe(149.99);
    expect(rateData(651.19 / 1668.51)).toBe(0.3903);
  });

  it('round halves away from zero as the decimal reads, never to -0', () => {
    expect(moneyData(1.005)).toBe(1.01);
    expect(moneyData(-1.005)).toBe(-1.01);
    expect(kwhData(-0.0001)).toBe(0);
    expect(Object.is(kwhData(-0.0001), 0)).toBe(true);
  });

  it('keep a tiny percentage told from zero, and a fraction to the same precision', () => {
    expect(pctData(0.022768)).toBe(0.023);
    expect(pctData(99.86301369863014)).toBe(99.863);
    expect(shareData(0.432151)).toBe(0.43215);
  });

  it('leave an unknown figure unknown', () => {
    expect(maybe(kwhData, null)).toBeNull();
    expect(maybe(kwhData, undefined)).toBeUndefined();
    expect(maybe(kwhData, 2.0004)).toBe(2);
  });
});

describe('figures on screen and paper', () => {
  it('show kWh to the hundredth, a whole figure without decimals', () => {
    expect(kwhText(1668.5100000000168)).toBe('1,668.51');
    expect(kwhText(1391.666)).toBe('1,391.67');
    expect(kwhText(45_720)).toBe('45,720');
    expect(kwhText(-0.001)).toBe('0');
  });

  it('round the figure the data carries, so screen and data agree', () => {
    // 1.2345 is 1.235 in data, so 1.24 on screen (not 1.23 from the raw value).
    expect(kwhData(1.2345)).toBe(1.235);
    expect(kwhText(1.2345)).toBe('1.24');
  });

  it('show kW with two decimals', () => {
    expect(kwText(6.6449)).toBe('6.65');
    expect(kwText(2)).toBe('2.00');
  });

  it('show money to the cent, from cents or dollars', () => {
    expect(moneyText(65_119)).toBe('$651.19');
    expect(moneyText(824_750)).toBe('$8,247.50');
    expect(dollarsText(651.1899999999987)).toBe('$651.19');
    expect(dollarsText(-0.5)).toBe('-$0.50');
    expect(rateText(651.19 / 1668.51)).toBe('$0.390');
  });

  it('show percentages with one decimal, a tiny share as under 0.1%', () => {
    expect(pctText(99.86301369863014)).toBe('99.9%');
    expect(pctText(100)).toBe('100.0%');
    expect(pctText(0)).toBe('0.0%');
    expect(pctText(0.022768)).toBe('under 0.1%');
  });
});
