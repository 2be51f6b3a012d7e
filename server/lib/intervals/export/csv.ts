import { slotCalendar } from '../calendar.ts';
import { type CanonicalSeries, MISSING, qualityName, SLOT_MS } from '../series.ts';
import { isoOffset, isoWallClock } from '../time/civil.ts';
import { formatKWh } from './numbers.ts';

/**
 * The product's standard interval CSV: one row per 15-minute slot with its UTC start, its local
 * start with offset (unambiguous across DST; the header names the zone), kWh delivered, received
 * and net, the quality, and the source interval in minutes when the value was split from a
 * longer reading. Missing slots keep their row with empty values, so gaps stay visible.
 */
export function exportIntervalCsv(series: CanonicalSeries): string {
  const calendar = slotCalendar(series);
  const splitFrom = String(Math.round(series.sourceIntervalSeconds / 60));
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
    const delivered = series.delivered[i] as number;
    const received = series.received[i] as number;
    const receivedText = series.hasReceived ? formatKWh(received) : '';
    const net = formatKWh(delivered - received);
    const split = series.split[i] ? splitFrom : '';
    lines.push(
      `${utcText},${local},${formatKWh(delivered)},${receivedText},${net},${qualityName(quality)},${split}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
