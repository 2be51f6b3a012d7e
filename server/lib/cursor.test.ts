import { describe, expect, it } from 'vitest';
import { pageOf } from './cursor.ts';
import { AppError } from './errors.ts';

const cursorAt = (ms: number, id = 1) => Buffer.from(`${ms}.${id}`).toString('base64url');

describe('pageOf', () => {
  it('reads a cursor up to the last millisecond of year 9999', () => {
    const last = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    expect(pageOf({ cursor: cursorAt(last, 7) }, 20).after).toEqual({
      createdAt: new Date(last),
      id: 7,
    });
  });

  it.each([Date.UTC(10000, 0, 1), 999_999_999_999_999])(
    'refuses a cursor past year 9999 (%d) as bad input',
    (ms) => {
      const read = () => pageOf({ cursor: cursorAt(ms) }, 20);
      expect(read).toThrow(AppError);
      expect(read).toThrow('Invalid cursor');
    },
  );
});
