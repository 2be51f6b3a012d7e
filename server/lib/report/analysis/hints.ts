import type { CanonicalSeries, SlotCalendar } from '../../intervals/index.ts';

/** The local hours counted as solar hours: 09:00 up to 17:00. */
export const SOLAR_HOURS = { from: 9, to: 17 } as const;

export interface DaytimeShare {
  daytimeKWh: number;
  totalKWh: number;
  sharePct: number;
}

/** Share of delivered kWh in slots starting 09:00-16:45 local time; undefined without use. */
export function daytimeShare(
  series: CanonicalSeries,
  calendar: SlotCalendar,
): DaytimeShare | undefined {
  let daytime = 0;
  let total = 0;
  for (let i = 0; i < series.length; i++) {
    const kWh = series.delivered[i] as number;
    total += kWh;
    const hour = calendar.hour[i] as number;
    if (hour >= SOLAR_HOURS.from && hour < SOLAR_HOURS.to) daytime += kWh;
  }
  if (!(total > 0)) return undefined;
  return { daytimeKWh: daytime, totalKWh: total, sharePct: (daytime / total) * 100 };
}

export interface ExportShare {
  deliveredKWh: number;
  receivedKWh: number;
  netKWh: number;
  /** Received over delivered, percent. */
  sharePct: number;
}

/** Energy sent to the grid against energy drawn from it; undefined without an export channel. */
export function exportShare(series: CanonicalSeries): ExportShare | undefined {
  if (!series.hasReceived) return undefined;
  let delivered = 0;
  let received = 0;
  for (let i = 0; i < series.length; i++) {
    delivered += series.delivered[i] as number;
    received += series.received[i] as number;
  }
  if (!(delivered > 0)) return undefined;
  return {
    deliveredKWh: delivered,
    receivedKWh: received,
    netKWh: delivered - received,
    sharePct: (received / delivered) * 100,
  };
}
