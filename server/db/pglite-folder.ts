import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Creating a new PGlite folder runs PostgreSQL's initdb inside WebAssembly: about two seconds
 * of work that would hold the event loop and every request with it. A worker thread does it
 * instead, and the server opens the finished folder (a few hundred milliseconds).
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { PGlite } = await import(workerData.pgliteUrl);
  const client = new PGlite({ dataDir: workerData.dataDir });
  await client.waitReady;
  await client.close();
  parentPort.postMessage('created');
})().catch((error) => parentPort.postMessage({ error: String(error && error.stack || error) }));
`;

/** Whether the folder already holds a database (PostgreSQL writes PG_VERSION into it). */
export const holdsDatabase = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

/** Creates the database folder in a worker thread; resolves once it can be opened. */
export function createInWorker(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(SOURCE, {
      eval: true,
      workerData: { dataDir, pgliteUrl: import.meta.resolve('@electric-sql/pglite') },
    });
    worker.once('message', (message: 'created' | { error: string }) => {
      void worker.terminate();
      if (message === 'created') resolve();
      else reject(new Error(`Creating the embedded database failed: ${message.error}`));
    });
    worker.once('error', reject);
  });
}
