import { slotCalendar } from '../calendar.ts';
import { type CanonicalSeries, MISSING, qualityName, SLOT_MS } from '../series.ts';
import { isoOffset, isoWallClock } from '../time/civil.ts';
import { kwhOfWattHours, runningWattHours } from './numbers.ts';

/**
 * The product's standard interval CSV: one row per 15-minute slot with its UTC start, its local
 * start with offset (unambiguous across DST; the header names the zone), kWh delivered, received
 * and net (to the watt-hour, each column summing to the series' total), the quality, and the
 * source interval in minutes when the value was split from a longer reading. Missing slots keep
 * their row with empty values, so gaps stay visible. The Green Button export keeps exact values.
 */
export function exportIntervalCsv(series: CanonicalSeries): string {
  const calendar = slotCalendar(series);
  const splitFrom = String(Math.round(series.sourceIntervalSeconds / 60));
  const deliveredWh = runningWattHours();
  const receivedWh = runningWattHours();
  const lines = [
    `utc_start,local_start (${series.timeZone}),kwh_delivered,kwh_received,kwh_net,quality,split_from_minutes`,
  ];
  for (let i = 0; i < series.length; i++) {
    const utc = series.start + i * SLOT_MS;
    const offset = (calendar.offsetMinutes[i] as number) * 60_000;
    const local = `${isoWallClock(utc + offset)}${isoOffset(offset)}`;
    const utcText = `${isoWallClock(utc)}Z`;
    const quality = series.quality[i] as number;
    if (quality === MISSING) {
      lines.push(`${utcText},${local},,,,missing,`);
      continue;
    }
    const delivered = deliveredWh(series.delivered[i] as number);
    const received = receivedWh(series.received[i] as number);
    const receivedText = series.hasReceived ? kwhOfWattHours(received) : '';
    // Net from the written figures, so each row's net is its delivered less its received.
    const net = kwhOfWattHours(delivered - received);
    const split = series.split[i] ? splitFrom : '';
    lines.push(
      `${utcText},${local},${kwhOfWattHours(delivered)},${receivedText},${net},${qualityName(quality)},${split}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
