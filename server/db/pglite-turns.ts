import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * PGlite runs every statement as WebAssembly on the main thread, and its promises settle as
 * microtasks, with no I/O in between. Node drains the microtask queue after each I/O callback,
 * so a request that is read from its socket ran all its statements, and the other requests'
 * statements queued behind PGlite's lock, before the event loop could do anything else: one
 * turn of the loop lasted as long as one request per busy connection (about a second with 100
 * keep-alive clients). And libuv accepts only one new connection per turn of the loop (since
 * libuv 1.45), so the clients not yet accepted waited in the listen backlog until the load
 * stopped: half of 200 clients were served in a 0.9 s cycle, the other half got their first
 * answer after 32 s.
 *
 * The cure: statements take turns, first come first served, one statement per turn of the
 * loop. Each turn stays a few milliseconds long, new connections are accepted and requests
 * read between statements, and every client's statements join the same line.
 */
class PgliteTurns {
  private waiting: (() => void)[] = [];
  private running = false;

  /** Runs `op` once the statements queued before it have run, in a later turn of the loop. */
  run<T>(op: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => {
        op()
          .then(resolve, reject)
          .finally(() => setImmediate(this.next));
      });
      if (!this.running) {
        this.running = true;
        setImmediate(this.next);
      }
    });
  }

  private next = () => {
    const start = this.waiting.shift();
    if (start) start();
    else this.running = false;
  };
}

/** Waits for the next turn of the event loop (after its I/O), for statements in a transaction. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A transaction holds the database until it ends, so its statements need not queue; they still
 * give the loop a turn before each one, so a long transaction does not hold the loop with it.
 */
function yieldingTransaction(tx: Transaction): Transaction {
  return Object.assign(Object.create(tx) as Transaction, {
    query: async (...args: Parameters<Transaction['query']>) => {
      await nextTurn();
      return tx.query(...args);
    },
    exec: async (...args: Parameters<Transaction['exec']>) => {
      await nextTurn();
      return tx.exec(...args);
    },
  });
}

/** The PGlite calls Drizzle and pg-boss make, each taking its turn. */
export function takingTurns(opened: Promise<PGlite>) {
  const turns = new PgliteTurns();
  return {
    query: (...args: Parameters<PGlite['query']>) =>
      turns.run(async () => (await opened).query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) =>
      turns.run(async () => (await opened).exec(...args)),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      turns.run(async () => (await opened).transaction((tx) => fn(yieldingTransaction(tx)))),
    listen: async (...args: Parameters<PGlite['listen']>) => (await opened).listen(...args),
    /** PGlite itself for `fn`, in a turn of its own: no statement or transaction runs meanwhile. */
    alone: <T>(fn: (client: PGlite) => Promise<T>) => turns.run(async () => fn(await opened)),
    /** After every statement asked for before it, as PGlite's own close waits for its queue. */
    close: () => turns.run(async () => (await opened).close()),
  };
}
