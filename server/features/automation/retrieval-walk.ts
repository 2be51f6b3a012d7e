import type { Page } from 'playwright-core';
import type { TaskInfo } from '../../lib/browser/index.ts';
import { type Captured, fileNameFor, RefusedDownload, sniff } from './documents.ts';

export type RetrievedFile = Captured & {
  kind: 'bill' | 'interval';
  fileName: string;
  contentType: string;
};

/** How long one click may take to bring a file. */
const FILE_WAIT_MS = 20_000;
/** The walk stops this long before the task's limit, so what it found is still returned. */
const DEADLINE_MARGIN_MS = 2_000;

/** One walk through the signed-in portal: where it is, until when, what it kept and noted. */
export type Walk = {
  page: Page;
  /** Epoch ms; nothing new is started after it. */
  deadline: number;
  files: RetrievedFile[];
  /** What went wrong on the way, for the admin (never the customer's data). */
  notes: string[];
};

export const startWalk = (page: Page, task: TaskInfo): Walk => ({
  page,
  deadline: task.deadline - DEADLINE_MARGIN_MS,
  files: [],
  notes: [],
});

/** How long the next click may wait for its file: a second at least, never past the deadline. */
export const fileWait = (walk: Walk) =>
  Math.max(1000, Math.min(FILE_WAIT_MS, walk.deadline - Date.now()));

/** The files of one kind kept so far. */
export const kept = (walk: Walk, kind: RetrievedFile['kind']) =>
  walk.files.filter((f) => f.kind === kind).length;

/** A name the portal chose, as the notes quote it: plain characters, and short. */
export function shownName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  const plain = name.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return plain.length > 80 ? `${plain.slice(0, 77)}...` : plain;
}

/**
 * Keeps a file when its bytes are what was wanted (a PDF for a bill, XML or CSV for the
 * export) and it is not one already kept; a file of the wrong sort is noted. True when kept.
 */
export function keep(
  walk: Walk,
  captured: Captured,
  kind: RetrievedFile['kind'],
  fallback: string,
): boolean {
  const what = sniff(captured.bytes);
  const fits = kind === 'bill' ? what === 'pdf' : what === 'xml' || what === 'csv';
  if (!fits) {
    const was = what === 'html' ? 'a web page' : 'not a file the service reads';
    const wanted = kind === 'bill' ? 'a PDF' : 'an interval export';
    walk.notes.push(
      `"${shownName(captured.suggestedName)}" was not ${wanted} (it was ${was}); skipped`,
    );
    return false;
  }
  if (walk.files.some((f) => f.sha256 === captured.sha256)) return false;
  walk.files.push({
    ...captured,
    kind,
    fileName: fileNameFor(captured.suggestedName, what, fallback),
    contentType:
      what === 'pdf' ? 'application/pdf' : what === 'xml' ? 'application/xml' : 'text/csv',
  });
  return true;
}

/**
 * Runs one part of the walk. A failure ends that part only, as a note saying why: the time
 * ran out, a download was refused, or the portal's page changed under the reader.
 */
export async function attempt(walk: Walk, what: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    if (Date.now() >= walk.deadline) walk.notes.push(`${what}: the portal took too long`);
    else if (error instanceof RefusedDownload) walk.notes.push(`${what}: ${error.message}`);
    else walk.notes.push(`${what}: the page changed while it was read`);
  }
}
