import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DomainEvents } from './events.ts';

describe('DomainEvents', () => {
  it('runs every subscriber of the event, in order, and waits for them', async () => {
    const events = new DomainEvents(pino({ level: 'silent' }));
    const seen: string[] = [];
    events.on('connection.created', async ({ connectionId }) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(`first ${connectionId}`);
    });
    events.on('connection.created', ({ connectionId }) => {
      seen.push(`second ${connectionId}`);
    });
    events.on('connection.status_changed', () => {
      seen.push('other event');
    });
    await events.emit('connection.created', { connectionId: 7, status: 'pending' });
    expect(seen).toEqual(['first 7', 'second 7']);
  });

  it('logs a failing subscriber and still runs the others; emit does not throw', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });
    const events = new DomainEvents(log);
    const seen: number[] = [];
    events.on('connection.created', () => {
      throw new Error('queue is down');
    });
    events.on('connection.created', ({ connectionId }) => {
      seen.push(connectionId);
    });
    await expect(
      events.emit('connection.created', { connectionId: 3, status: 'pending' }),
    ).resolves.toBeUndefined();
    expect(seen).toEqual([3]);
    expect(lines.join('')).toMatch(/queue is down/);
    expect(lines.join('')).toMatch(/connection\.created/);
  });

  it('stops calling a subscriber once it unsubscribes', async () => {
    const events = new DomainEvents(pino({ level: 'silent' }));
    let calls = 0;
    const off = events.on('connection.file_added', () => {
      calls++;
    });
    const file = { connectionId: 1, fileId: 2, fileName: 'a.csv', fileType: 'csv' as const };
    await events.emit('connection.file_added', file);
    off();
    await events.emit('connection.file_added', file);
    expect(calls).toBe(1);
  });
});
