import { IntervalImportError } from '../errors.ts';
import type { ImportMetadata, ImportOptions } from '../types.ts';
import { zoneOfState } from './zones.ts';

export interface ZoneChoice {
  timeZone: string;
  source: ImportMetadata['timeZoneSource'];
}

/**
 * The zone a file's local times are read in: the file's own, else the provider's state, else the
 * caller's option. Without any of them local labels cannot be placed in time, so it is an error.
 */
export function chooseZone(
  format: string,
  fromFile: string | undefined,
  options: ImportOptions,
): ZoneChoice {
  if (fromFile) return { timeZone: fromFile, source: 'file' };
  if (options.state !== undefined) {
    const zone = zoneOfState(options.state);
    if (!zone) {
      throw new IntervalImportError(format, 'options', `unknown US state "${options.state}"`);
    }
    return { timeZone: zone, source: 'state' };
  }
  if (options.timeZone !== undefined) {
    if (!isKnownZone(options.timeZone)) {
      throw new IntervalImportError(format, 'options', `unknown time zone "${options.timeZone}"`);
    }
    return { timeZone: options.timeZone, source: 'option' };
  }
  throw new IntervalImportError(
    format,
    'options',
    'the file does not say its time zone; give the provider state or a time zone',
  );
}

function isKnownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
