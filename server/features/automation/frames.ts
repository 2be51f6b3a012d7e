import type { Frame, FrameLocator, Locator, Page } from 'playwright-core';
import { pageFunction } from '../../lib/browser/page-function.ts';
import { scanFrame } from './page-scan.ts';
import {
  CAPTCHA_MARKERS,
  type PageSignals,
  type RawCandidate,
  type RawControl,
  type ScanRequest,
} from './page-types.ts';
import type { Candidate } from './ranking.ts';

const scan = pageFunction(scanFrame);
/** Joins an iframe's selector to a selector inside it. */
const FRAME_SEPARATOR = ' >> ';

/**
 * The element a stored selector names. Leading segments that start with `iframe` (or
 * `frame`) are frames to enter: `iframe#login >> #username`. Anything else is Playwright's.
 */
export function resolveLocator(page: Page, selector: string): Locator {
  const parts = selector.split(FRAME_SEPARATOR);
  let scope: Page | FrameLocator = page;
  let i = 0;
  while (i < parts.length - 1 && /^\s*i?frame\b/i.test(parts[i] ?? '')) {
    scope = scope.frameLocator(parts[i] as string);
    i++;
  }
  return scope.locator(parts.slice(i).join(FRAME_SEPARATOR));
}

/** True when the selector matches exactly one element (frames entered as above). */
async function matchesOne(page: Page, selector: string): Promise<boolean> {
  try {
    return (await resolveLocator(page, selector).count()) === 1;
  } catch {
    return false;
  }
}

/** Per-scan cache of each frame's iframe chain ('' for the main frame, null if unnamed). */
type FramePaths = Map<Frame, Promise<string | null>>;

async function framePath(page: Page, frame: Frame, cache: FramePaths): Promise<string | null> {
  if (frame === page.mainFrame()) return '';
  const known = cache.get(frame);
  if (known) return known;
  const work = (async () => {
    const parent = frame.parentFrame();
    if (!parent) return null;
    const parentPath = await framePath(page, parent, cache);
    if (parentPath === null) return null;
    const element = await frame.frameElement();
    const request: ScanRequest = { mode: 'selectors', target: element as unknown as Element };
    const options = (await parent.evaluate(scan, request as never)) as unknown as string[];
    await element.dispose();
    const usable = options
      .map((s) => (s.startsWith('#') ? `iframe${s}` : s))
      .find((s) => s.startsWith('iframe'));
    return usable ? `${parentPath}${usable}${FRAME_SEPARATOR}` : null;
  })().catch(() => null);
  cache.set(frame, work);
  return work;
}

/** What one scan finds in every frame, each item with its frame and that frame's iframe chain. */
async function scanFrames<T>(
  page: Page,
  request: ScanRequest,
): Promise<(T & { frame: number; framePath: string })[]> {
  const cache: FramePaths = new Map();
  const perFrame = await Promise.all(
    page.frames().map(async (frame, index) => {
      try {
        const raw = (await frame.evaluate(scan, request as never)) as unknown as T[];
        if (raw.length === 0) return [];
        const path = await framePath(page, frame, cache);
        if (path === null) return [];
        return raw.map((c) => ({ ...c, frame: index, framePath: path }));
      } catch {
        // The frame navigated or went away while it was read: the next scan sees it again.
        return [];
      }
    }),
  );
  return perFrame.flat();
}

/** Every visible field and button of the page, its iframes and open shadow roots. */
export function scanCandidates(page: Page): Promise<Candidate[]> {
  return scanFrames<RawCandidate>(page, { mode: 'candidates' });
}

/** A control of some frame, as scanControls gives it. */
export type Control = RawControl & { frame: number; framePath: string };

/** Visible controls of every frame whose words or attributes match `pattern` (see RawControl). */
export function scanControls(page: Page, pattern: RegExp): Promise<Control[]> {
  return scanFrames<RawControl>(page, { mode: 'controls', pattern: pattern.source });
}

/** What every frame shows, merged: text lines, captcha widgets, code and password fields. */
export async function readSignals(page: Page): Promise<PageSignals> {
  const merged: PageSignals = {
    lines: [],
    captcha: false,
    otpField: false,
    visiblePassword: false,
    title: '',
  };
  for (const frame of page.frames()) {
    try {
      const request: ScanRequest = { mode: 'signals', captchaMarkers: CAPTCHA_MARKERS };
      const s = (await frame.evaluate(scan, request as never)) as unknown as PageSignals;
      merged.lines.push(...s.lines);
      merged.captcha ||= s.captcha;
      merged.otpField ||= s.otpField;
      merged.visiblePassword ||= s.visiblePassword;
      if (frame === page.mainFrame()) merged.title = s.title;
    } catch {
      // A frame that navigates away mid-read has nothing settled to say.
    }
  }
  return merged;
}

/**
 * A candidate's selectors that Playwright also finds exactly once, with the iframe chain in
 * front, most robust first (at most `limit`).
 */
export async function verifiedSelectors(
  page: Page,
  c: { selectors: string[]; framePath: string },
  limit = 1,
): Promise<string[]> {
  const out: string[] = [];
  for (const selector of c.selectors) {
    if (out.length >= limit) break;
    const full = `${c.framePath}${selector}`;
    if (await matchesOne(page, full)) out.push(full);
  }
  return out;
}
