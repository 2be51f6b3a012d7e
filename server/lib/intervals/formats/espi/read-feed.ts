import { IntervalImportError, lineOf } from '../../errors.ts';
import { parseNumber } from '../../scan/numbers.ts';
import { attribute, decodeEntities, scanXml, type XmlHandler } from '../../scan/xml-scanner.ts';
import { type EspiEntry, newBlock, newEntry, newSummary, RESOURCE_NAMES } from './entries.ts';
import { offsetOf, readFields } from './feed-fields.ts';

export const ESPI = 'Green Button ESPI XML';

/**
 * Reads a Green Button feed into its entries in one pass. Only the elements the importer uses
 * are looked at; everything else (quality summaries, tariff profiles, vendor extensions) is
 * skipped without being copied.
 */
export function readFeed(text: string): EspiEntry[] {
  const entries: EspiEntry[] = [];
  const path: string[] = [];
  let entry: EspiEntry | undefined;
  let inReading = false;
  let quality = -1;
  /** Depth of a resource found outside any Atom entry (a bare IntervalBlock file), else 0. */
  let implicitDepth = 0;

  const number = (name: string, start: number, end: number, at: number): number => {
    const value = parseNumber(text, start, end);
    if (Number.isNaN(value)) {
      const shown = text.slice(start, end).trim().slice(0, 40);
      throw new IntervalImportError(
        ESPI,
        `<${name}> at line ${lineOf(text, at)}`,
        `"${shown}" is not a number`,
      );
    }
    return value;
  };

  const handler: XmlHandler = {
    open(name, attrStart, attrEnd, at) {
      path.push(name);
      if (name === 'entry') {
        entry = newEntry(at);
        return;
      }
      if (name === 'link' && entry) {
        const rel = attribute(text, attrStart, attrEnd, 'rel');
        const href = attribute(text, attrStart, attrEnd, 'href');
        if (href === undefined) return;
        if (rel === 'self') entry.self = href;
        else if (rel === 'up') entry.up = href;
        else if (rel === 'related') entry.related.push(href);
        return;
      }
      const resource = RESOURCE_NAMES.get(name);
      if (resource && (path.length < 2 || path[path.length - 2] === 'content' || !entry)) {
        if (!entry) {
          entry = newEntry(at);
          entries.push(entry);
          implicitDepth = path.length;
        }
        entry.kind = resource;
        if (resource === 'IntervalBlock') entry.block ??= newBlock();
        else if (resource === 'ReadingType') {
          entry.readingType = {
            uom: undefined,
            commodity: undefined,
            powerOfTenMultiplier: 0,
            flowDirection: undefined,
            intervalLength: undefined,
            currency: undefined,
          };
        } else if (resource === 'LocalTimeParameters') {
          entry.localTime = { tzOffset: undefined, dstOffset: undefined, dstStartRule: undefined };
        } else if (resource === 'UsageSummary') {
          entry.summary = newSummary();
        }
        return;
      }
      if (name === 'IntervalReading' && entry?.block) {
        inReading = true;
        quality = -1;
        const block = entry.block;
        block.start.push(Number.NaN);
        block.duration.push(Number.NaN);
        block.value.push(Number.NaN);
        block.cost.push(Number.NaN);
        block.offset.push(Number.NaN);
        block.at.push(at);
      }
    },

    close(name, start, end, at) {
      path.pop();
      const parent = path[path.length - 1];
      if (name === 'entry') {
        if (entry) entries.push(entry);
        entry = undefined;
        return;
      }
      if (!entry) return;
      if (name === 'title' && parent === 'entry') {
        entry.title = decodeEntities(text.slice(start, end).trim());
        return;
      }
      if (inReading && entry.block) {
        const block = entry.block;
        const last = block.start.length - 1;
        if (name === 'IntervalReading') {
          inReading = false;
          block.quality.push(quality);
        } else if (parent === 'timePeriod' && name === 'start')
          block.start[last] = number(name, start, end, at);
        else if (parent === 'timePeriod' && name === 'duration')
          block.duration[last] = number(name, start, end, at);
        else if (name === 'value' && parent === 'IntervalReading')
          block.value[last] = number(name, start, end, at);
        else if (name === 'cost' && parent === 'IntervalReading')
          block.cost[last] = number(name, start, end, at);
        else if (name === 'quality' && parent === 'ReadingQuality')
          quality = Math.max(quality, number(name, start, end, at));
        else if (name === 'timezone') block.offset[last] = offsetOf(text.slice(start, end));
        return;
      }
      readFields(entry, name, parent, text, start, end, () => number(name, start, end, at));
      if (implicitDepth > path.length) {
        entry = undefined;
        implicitDepth = 0;
      }
    },
  };
  scanXml(text, handler, ESPI);
  return entries;
}
