/**
 * Days past a plan's turnaround that a request may wait for its report before it is refunded
 * (or cancelled, when nothing was charged yet) automatically. The server's REPORT_DEADLINE_DAYS
 * defaults to it, and the pricing page states it.
 */
export const DEFAULT_REPORT_DEADLINE_DAYS = 7;
