import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';

// PGlite runs on this thread. Statements that all ran in one go, without the event loop coming
// round in between, held every socket meanwhile: new connections were not accepted until the
// queue of statements was empty. They take turns now, one statement per turn of the loop.

let database: Database;
beforeAll(async () => {
  database = openDatabase({ dataDir: undefined });
  await database.ready;
});
afterAll(() => database.close());

const STATEMENTS = 200;

describe('the embedded database under many queued statements', () => {
  it('lets the event loop accept a connection before the queue is empty', async () => {
    const server = createServer((socket) => socket.destroy());
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };

    let finished = 0;
    const statements = Array.from({ length: STATEMENTS }, () =>
      database.db.execute(sql`select 1`).then(() => finished++),
    );
    // Asked for while the statements wait their turn; accepted at the loop's next turn.
    const client = connect(port, '127.0.0.1');
    client.on('error', () => {});
    await once(server, 'connection');
    const finishedWhenAccepted = finished;
    await Promise.all(statements);
    client.destroy();
    server.close();

    expect(finishedWhenAccepted).toBeLessThan(STATEMENTS / 2);
  });

  it('runs statements in the order they were asked for, a failing one failing alone', async () => {
    const order: number[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        database.db
          .execute(i === 7 ? sql`select * from no_such_table` : sql`select ${i}::int as n`)
          .then(() => order.push(i)),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(order).toEqual([...Array(20).keys()].filter((i) => i !== 7));
  });

  it('closes after the statements asked for before the close', async () => {
    const closing = openDatabase({ dataDir: undefined });
    await closing.ready;
    // Drizzle sends a statement when it is awaited or then'd, not when it is built.
    const statements = Array.from({ length: 20 }, () =>
      closing.db.execute(sql`select 1`).then((result) => result.rows.length),
    );
    await closing.close();
    expect(await Promise.all(statements)).toEqual(new Array(20).fill(1));
  });

  it('gives the loop a turn between the statements of a transaction', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 50; i++) await tx.execute(sql`select ${i}::int`);
    });
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(25);
  });
});
