import { spawn } from 'node:child_process';
import path from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { unhandledErrorVerdict } from './shutdown.ts';

const pgError = (message: string, code: string) =>
  Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code });
const socketError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('what an unhandled error does to the process', () => {
  it.each([
    [
      'the server ended the connection',
      pgError('terminating connection due to administrator command', '57P01'),
    ],
    [
      'the server crashed',
      pgError('terminating connection because of crash of another server process', '57P02'),
    ],
    ['the server is starting', pgError('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', pgError('could not connect', '08006')],
    ['the socket closed under the client', new Error('Connection terminated unexpectedly')],
    [
      'a client left unusable',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a reset socket', socketError('ECONNRESET')],
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a broken pipe', socketError('EPIPE')],
    [
      'a dropped connection inside a Drizzle query',
      new DrizzleQueryError('select 1', [], pgError('terminating connection', '57P01')),
    ],
    [
      "a refused connection to each of a host name's addresses",
      new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]),
    ],
  ])('carries on after %s', (_, error) => {
    expect(unhandledErrorVerdict(error)).toBe('carry on');
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a broken constraint', pgError('duplicate key value violates unique constraint', '23505')],
    ['a missing table', pgError('relation "jobs" does not exist', '42P01')],
    ['a deadlock', pgError('deadlock detected', '40P01')],
    ['a cancelled statement', pgError('canceling statement due to statement timeout', '57014')],
    [
      'another failed Drizzle query',
      new DrizzleQueryError('insert', [], pgError('null value in column', '23502')),
    ],
    ['an error of the app', new AppError(500, 'unexpected')],
    ['a rejection with a string', 'boom'],
    ['a rejection with nothing', undefined],
  ])('stops after %s', (_, error) => {
    expect(unhandledErrorVerdict(error)).toBe('stop');
  });
});

/** Runs closeGracefully in a process of its own, which then meets `trouble`. */
function processMeeting(trouble: string): Promise<{ code: number | null; output: string }> {
  const script = `
    import { closeGracefully } from './server/lib/shutdown.ts';
    const line = (level) => (_obj, msg) => console.log(level, msg);
    closeGracefully({
      log: { warn: line('warn'), error: line('error') },
      close: async () => console.log('closed'),
    });
    setTimeout(() => console.log('still running'), 300);
    ${trouble}
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('closeGracefully', () => {
  it('logs a dropped connection nobody handled and carries on; SIGTERM closes, exit 0', async () => {
    const { code, output } = await processMeeting(`
      Promise.reject(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
      setTimeout(() => { throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }); }, 50);
      setTimeout(() => process.kill(process.pid, 'SIGTERM'), 600);
    `);
    expect(output.split('\n').filter(Boolean)).toEqual([
      'warn the database connection dropped; carrying on',
      'warn the database connection dropped; carrying on',
      'still running',
      'closed',
    ]);
    expect(code).toBe(0);
  });

  it('closes and exits 1 after any other error nobody handled', async () => {
    const { code, output } = await processMeeting(`
      setTimeout(() => Promise.reject(new TypeError('a bug')), 50);
    `);
    expect(output.split('\n').filter(Boolean)).toEqual([
      'error shutting down after an error',
      'closed',
    ]);
    expect(code).toBe(1);
  });
});
