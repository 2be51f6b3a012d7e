/** This month's and last month's count of what a stat card counts (GET /api/stats trends). */
export type MonthTrend = { thisMonth: number; lastMonth: number };

const integer = new Intl.NumberFormat('en-US');

/**
 * The stat card's trend line, computed from the figures (never a fixed string): new this month
 * against new last month, in percent when last month had any ("+12% from last month"),
 * otherwise as a count ("+3 this month").
 */
export function trendText({ thisMonth, lastMonth }: MonthTrend): string {
  const difference = thisMonth - lastMonth;
  if (difference === 0) return 'No change from last month';
  if (lastMonth === 0) return `+${integer.format(thisMonth)} this month`;
  const percent = Math.round((difference / lastMonth) * 100);
  const sign = difference > 0 ? '+' : '−';
  // A change too small to show in whole percent is shown as the count itself.
  if (percent === 0) return `${sign}${integer.format(Math.abs(difference))} from last month`;
  return `${sign}${integer.format(Math.abs(percent))}% from last month`;
}

/** Whether the change is good news: more alerts are bad, more of anything else is good. */
export function trendTone(
  { thisMonth, lastMonth }: MonthTrend,
  moreIsBetter: boolean,
): 'up' | 'down' | 'flat' {
  if (thisMonth === lastMonth) return 'flat';
  return thisMonth > lastMonth === moreIsBetter ? 'up' : 'down';
}

/** The exact figures behind the trend line, for its tooltip and screen readers. */
export function trendDetail({ thisMonth, lastMonth }: MonthTrend): string {
  return `${integer.format(thisMonth)} new this month, ${integer.format(lastMonth)} last month`;
}
