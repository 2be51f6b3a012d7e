import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Download, Frame, Page, Response } from 'playwright-core';
import { MAX_CONNECTION_FILE_BYTES } from '../../../common/constants.ts';
import { REFUSED_HEADER } from '../../lib/browser/egress-proxy.ts';
import { pageFunction } from '../../lib/browser/page-function.ts';

/** What a downloaded body really is, from its first bytes (never from its name or headers). */
export type Sniffed = 'pdf' | 'xml' | 'csv' | 'html' | 'other';

export function sniff(bytes: Uint8Array): Sniffed {
  const head = Buffer.from(bytes.subarray(0, 4096));
  // The PDF header may follow a little junk (the format allows up to 1 KB of it).
  if (head.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (head.includes(0)) return 'other';
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^<(!doctype html|html|head|body)\b/i.test(text) || /<html[\s>]/i.test(text)) return 'html';
  if (text.startsWith('<')) return 'xml';
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  return lines.length >= 2 && lines.slice(0, 5).every((l) => /[,\t;]/.test(l)) ? 'csv' : 'other';
}

/** A file the portal handed over, checked for size; `sourcePage` is where it was asked for. */
export type Captured = {
  bytes: Buffer;
  suggestedName: string;
  sourcePage: string;
  sha256: string;
};

/** Why a download was not kept, in words for the admin. */
export class RefusedDownload extends Error {
  override name = 'RefusedDownload';
}

const tooLarge = () =>
  new RefusedDownload(`it is larger than the ${MAX_CONNECTION_FILE_BYTES / 1024 / 1024} MB limit`);

/**
 * A page the click opened in this tab (a file shown inline, or a web page), or a file an
 * iframe of it was sent to show (a bill history inside a frame).
 */
function isShownDocument(page: Page, response: Response): boolean {
  if (!response.request().isNavigationRequest()) return false;
  const headers = response.headers();
  if (response.frame() !== page.mainFrame() && /html/i.test(headers['content-type'] ?? '')) {
    return false;
  }
  if (headers[REFUSED_HEADER] || response.status() !== 200) return false;
  // An attachment is saved, not shown: the download event brings it.
  return !/attachment/i.test(headers['content-disposition'] ?? '');
}

/** Where a click led when it brought no file: a web page (perhaps a viewer with the link). */
export type Opened = { page: string; name: string };

/** The file name a response gives (Content-Disposition), else its address's last part. */
function nameOf(response: Response): string {
  const disposition = response.headers()['content-disposition'] ?? '';
  const given = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return given ?? (path.posix.basename(new URL(response.url()).pathname) || 'document');
}

/** Reads a file the page shows, again, through the page (its cookies, the egress proxy). */
const fetchShown = pageFunction(async ({ url, max }: { url: string; max: number }) => {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) return { error: `the portal answered HTTP ${res.status}` };
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.length > max) return { error: 'too large' };
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return { base64: btoa(binary) };
});

/**
 * Runs `action` (a click) and returns the file it makes the portal send: a download, or a file
 * shown in the tab; or the web page it opened instead; null when nothing came within
 * `timeoutMs`. Bodies are read within the size limit of an upload.
 */
export async function captureFile(
  page: Page,
  action: () => Promise<void>,
  timeoutMs: number,
): Promise<Captured | Opened | null> {
  const sourcePage = page.url();
  const until = Date.now() + timeoutMs;
  let shown: Response | undefined;
  let saved: Download | undefined;
  let wake = () => {};
  const onDownload = (download: Download) => {
    saved ??= download;
    wake();
  };
  const onResponse = (response: Response) => {
    if (!shown && isShownDocument(page, response)) {
      shown = response;
      wake();
    }
  };
  const next = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, ms));
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  page.on('download', onDownload);
  page.on('response', onResponse);
  try {
    await action();
    while (!saved && !shown && Date.now() < until) await next(until - Date.now());
    if (saved) {
      return finish(await readDownload(saved), saved.suggestedFilename(), sourcePage);
    }
    if (!shown) return null;
    const name = nameOf(shown);
    if (/html/i.test(shown.headers()['content-type'] ?? '')) return { page: shown.url(), name };
    // Chromium shows PDFs in a viewer whose body Playwright cannot hand over: ask again, from
    // the frame showing it (the file's own origin).
    // A frame may still be switching to the file when it is first asked: ask it again.
    const frame = shown.frame();
    for (let tries = 1; ; tries++) {
      await frame.waitForLoadState('domcontentloaded').catch(() => {});
      try {
        return await readShown(frame, shown.url(), name, sourcePage);
      } catch (error) {
        if (error instanceof RefusedDownload || tries >= 3) throw error;
        await page.waitForTimeout(300);
      }
    }
  } finally {
    page.off('download', onDownload);
    page.off('response', onResponse);
  }
}

/**
 * Reads the file at `url` through a frame of the page (its cookies, the egress proxy): a file
 * shown in it, or one a viewer page embeds.
 */
export async function readShown(
  where: Page | Frame,
  url: string,
  name = nameOfUrl(url),
  sourcePage = where.url(),
): Promise<Captured> {
  const read = await where.evaluate(fetchShown, { url, max: MAX_CONNECTION_FILE_BYTES });
  if ('error' in read) {
    throw read.error === 'too large' ? tooLarge() : new RefusedDownload(read.error);
  }
  return finish(Buffer.from(read.base64, 'base64'), name, sourcePage);
}

const nameOfUrl = (url: string) => path.posix.basename(new URL(url).pathname) || 'document';

async function readDownload(download: Download): Promise<Buffer> {
  const failure = await download.failure();
  if (failure) throw new RefusedDownload(`the download failed (${failure})`);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_CONNECTION_FILE_BYTES) {
      stream.destroy();
      await download.delete().catch(() => {});
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  await download.delete().catch(() => {});
  return Buffer.concat(chunks);
}

function finish(bytes: Buffer, suggestedName: string, sourcePage: string): Captured {
  return {
    bytes,
    suggestedName,
    sourcePage,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

const EXTENSION: Partial<Record<Sniffed, string>> = { pdf: '.pdf', xml: '.xml', csv: '.csv' };

/**
 * A safe file name for what was sniffed: the portal's name, stripped to plain characters, with
 * the extension of the real content; `fallback` when the portal gave none worth keeping.
 */
export function fileNameFor(suggested: string, kind: Sniffed, fallback: string): string {
  const ext = EXTENSION[kind] ?? '';
  const base = path.posix
    .basename(suggested.replace(/\\/g, '/'))
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^A-Za-z0-9._ -]+/g, '_')
    .replace(/^[.\s_-]+/, '')
    .slice(0, 100)
    .trim();
  return `${base || fallback}${ext}`;
}
