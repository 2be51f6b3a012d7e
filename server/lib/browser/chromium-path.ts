import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { BrowserUnavailableError } from './errors.ts';

const FALLBACK = '/usr/bin/chromium';

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * The Chromium to drive: CHROMIUM_PATH when set (and then nothing else), else `chromium` on
 * PATH, else /usr/bin/chromium. Throws BrowserUnavailableError naming what was tried.
 */
export function findChromium(configured: string | undefined, searchPath: string): string {
  if (configured) {
    if (isExecutable(configured)) return configured;
    throw new BrowserUnavailableError(
      `CHROMIUM_PATH is ${configured}, which is not an executable file`,
    );
  }
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'chromium');
    if (isExecutable(candidate)) return candidate;
  }
  if (isExecutable(FALLBACK)) return FALLBACK;
  throw new BrowserUnavailableError(
    `no Chromium found (CHROMIUM_PATH is not set, no chromium on PATH, no ${FALLBACK})`,
  );
}
