import { Worker } from 'node:worker_threads';

/** One text item of a page: its left edge, baseline, width and text. */
export type TextItem = [x: number, y: number, width: number, text: string];

/**
 * pdf.js runs in a worker thread of its own. Its Node build installs polyfills that replace
 * built-ins (Array.prototype.push among them) for the whole thread, which would slow everything
 * else the server does; and reading a statement's fonts is CPU work that should not hold up the
 * event loop. The worker is started on the first statement and does not keep the process alive.
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let pdfjs;
const docs = new Map();
// pdf.js's Node build replaces Array.prototype.push with a polyfill that fixes an edge case
// pdf.js never meets (arrays with a read-only length) and makes every push several times
// slower; the native one is put back once it has loaded.
const nativePush = Array.prototype.push;
async function load() {
  const module = await import(workerData.pdfjsUrl);
  if (Array.prototype.push !== nativePush) {
    Object.defineProperty(Array.prototype, 'push', {
      value: nativePush,
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }
  return module;
}
parentPort.on('message', async (msg) => {
  try {
    pdfjs ??= await load();
    if (msg.type === 'open') {
      const task = pdfjs.getDocument({
        data: msg.bytes,
        verbosity: pdfjs.VerbosityLevel.ERRORS,
        isEvalSupported: false,
        disableFontFace: true,
        useSystemFonts: false,
        isOffscreenCanvasSupported: false,
        stopAtErrors: false,
      });
      docs.set(msg.id, task);
      const doc = await task.promise;
      parentPort.postMessage({ id: msg.id, pages: doc.numPages });
    } else if (msg.type === 'page') {
      const doc = await docs.get(msg.id).promise;
      const page = await doc.getPage(msg.page);
      const content = await page.getTextContent();
      const items = [];
      for (const item of content.items) {
        if (typeof item.str === 'string' && item.str.trim() !== '') {
          items.push([item.transform[4], item.transform[5], item.width, item.str]);
        }
      }
      page.cleanup();
      parentPort.postMessage({ id: msg.id, items });
    } else if (msg.type === 'close') {
      const task = docs.get(msg.id);
      docs.delete(msg.id);
      if (task) await task.destroy();
      parentPort.postMessage({ id: msg.id });
    }
  } catch (error) {
    if (msg.type === 'open') {
      const task = docs.get(msg.id);
      docs.delete(msg.id);
      if (task) task.destroy().catch(() => {});
    }
    parentPort.postMessage({ id: msg.id, error: String((error && error.message) || error) });
  }
});
`;

/** A request to the worker that has not been answered yet. */
interface Pending {
  resolve: (value: { pages?: number; items?: TextItem[] }) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** What pdf.js could not do with a file (not a PDF, damaged, encrypted), in its words. */
export class PdfError extends Error {}

const TIMEOUT_MS = 30_000;
let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

function started(): Worker {
  if (worker) return worker;
  const w = new Worker(SOURCE, {
    eval: true,
    workerData: { pdfjsUrl: import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs') },
  });
  const failAll = (error: Error) => {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.reject(error);
      pending.delete(id);
    }
    if (worker === w) worker = undefined;
  };
  w.on('message', (msg: { id: number; error?: string; pages?: number; items?: TextItem[] }) => {
    const p = pending.get(msg.id);
    if (!p) return;
    clearTimeout(p.timer);
    pending.delete(msg.id);
    if (pending.size === 0) w.unref();
    if (msg.error !== undefined) p.reject(new PdfError(msg.error));
    else p.resolve(msg);
  });
  w.on('error', (error) => failAll(error));
  w.on('exit', () => failAll(new Error('the PDF reader stopped')));
  // After the listeners: adding a 'message' listener refs the worker's port again.
  w.unref();
  worker = w;
  return w;
}

function ask(message: object, id: number, transfer: ArrayBuffer[] = []) {
  const w = started();
  return new Promise<{ pages?: number; items?: TextItem[] }>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new PdfError('reading the PDF took too long'));
      // A document that holds the reader up is not left to hold up the next one.
      void w.terminate();
    }, TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    // The worker keeps the process alive only while an answer is awaited.
    w.ref();
    w.postMessage(message, transfer);
  });
}

/** An open document in the worker: its page count, its pages' text items, then close. */
export async function openPdf(bytes: Uint8Array) {
  const id = nextId++;
  const copy = new Uint8Array(bytes);
  const { pages = 0 } = await ask({ type: 'open', id, bytes: copy }, id, [copy.buffer]);
  return {
    pages,
    async textOf(page: number): Promise<TextItem[]> {
      return (await ask({ type: 'page', id, page }, id)).items ?? [];
    },
    async close(): Promise<void> {
      await ask({ type: 'close', id }, id).catch(() => undefined);
    },
  };
}
