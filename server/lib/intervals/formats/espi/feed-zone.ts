import { zoneMatchingOffsets, zoneOfStandardOffset } from '../../time/zones.ts';
import type { EspiEntry } from './entries.ts';

/**
 * The zone a feed states: its LocalTimeParameters (standard offset and DST), else the offsets some
 * exporters (UtilityAPI) write in a non-standard `<timezone>` element on every reading. The
 * provider's zone (`preferred`) is taken when it fits what the feed says.
 */
export function feedZone(entries: readonly EspiEntry[], preferred?: string): string | undefined {
  for (const entry of entries) {
    const lt = entry.localTime;
    if (lt?.tzOffset === undefined) continue;
    const observesDst = (lt.dstOffset ?? 0) !== 0 && !/^0*$/.test(lt.dstStartRule ?? '');
    const zone = zoneOfStandardOffset(lt.tzOffset, observesDst, preferred);
    if (zone) return zone;
    if (!observesDst && lt.tzOffset % 3600 === 0) {
      // Etc/GMT signs are inverted: Etc/GMT+5 is five hours behind UTC.
      const hours = -lt.tzOffset / 3600;
      return hours === 0 ? 'UTC' : `Etc/GMT${hours > 0 ? '+' : ''}${hours}`;
    }
  }
  const samples: Array<[number, number]> = [];
  for (const entry of entries) {
    const block = entry.block;
    if (!block) continue;
    let previous = Number.NaN;
    for (let i = 0; i < block.offset.length; i++) {
      const offset = block.offset[i] as number;
      if (Number.isNaN(offset) || offset === previous) continue;
      samples.push([(block.start[i] as number) * 1000, offset]);
      previous = offset;
    }
    const last = block.offset.length - 1;
    if (last > 0 && !Number.isNaN(block.offset[last] as number)) {
      samples.push([(block.start[last] as number) * 1000, block.offset[last] as number]);
    }
  }
  return zoneMatchingOffsets(samples, preferred);
}
