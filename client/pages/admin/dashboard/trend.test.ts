import { describe, expect, it } from 'vitest';
import { trendDetail, trendText, trendTone } from './trend.ts';

describe('trendText', () => {
  it('compares this month with last month in percent', () => {
    expect(trendText({ thisMonth: 28, lastMonth: 25 })).toBe('+12% from last month');
    expect(trendText({ thisMonth: 3, lastMonth: 4 })).toBe('−25% from last month');
    expect(trendText({ thisMonth: 0, lastMonth: 7 })).toBe('−100% from last month');
    expect(trendText({ thisMonth: 2500, lastMonth: 1000 })).toBe('+150% from last month');
  });

  it('counts when last month had none, since no percentage exists', () => {
    expect(trendText({ thisMonth: 3, lastMonth: 0 })).toBe('+3 this month');
    expect(trendText({ thisMonth: 1200, lastMonth: 0 })).toBe('+1,200 this month');
  });

  it('says so when nothing changed, nothing arrived included', () => {
    expect(trendText({ thisMonth: 5, lastMonth: 5 })).toBe('No change from last month');
    expect(trendText({ thisMonth: 0, lastMonth: 0 })).toBe('No change from last month');
  });

  it('shows a change too small for a whole percent as a count', () => {
    expect(trendText({ thisMonth: 1001, lastMonth: 1000 })).toBe('+1 from last month');
    expect(trendText({ thisMonth: 999, lastMonth: 1000 })).toBe('−1 from last month');
  });
});

describe('trendTone', () => {
  it('treats more alerts as bad news and more of anything else as good', () => {
    expect(trendTone({ thisMonth: 5, lastMonth: 2 }, true)).toBe('up');
    expect(trendTone({ thisMonth: 5, lastMonth: 2 }, false)).toBe('down');
    expect(trendTone({ thisMonth: 1, lastMonth: 2 }, false)).toBe('up');
    expect(trendTone({ thisMonth: 2, lastMonth: 2 }, true)).toBe('flat');
  });
});

describe('trendDetail', () => {
  it('gives the figures behind the line', () => {
    expect(trendDetail({ thisMonth: 1234, lastMonth: 0 })).toBe(
      '1,234 new this month, 0 last month',
    );
  });
});
