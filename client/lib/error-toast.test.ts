import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { errorToast, FALLBACK_ERROR_MESSAGE } from './error-toast.ts';

describe('errorToast', () => {
  it("shows the server's message under Error, in red", () => {
    expect(errorToast(new ApiError('Provider not found', 404, null))).toEqual({
      title: 'Error',
      description: 'Provider not found',
      variant: 'destructive',
    });
  });

  it('takes our own title or sentence instead', () => {
    const error = new Error('Invalid username or password');
    expect(errorToast(error, { title: 'Login failed' })).toMatchObject({
      title: 'Login failed',
      description: 'Invalid username or password',
    });
    expect(errorToast(error, { description: 'Select the key and copy it by hand.' })).toMatchObject(
      { title: 'Error', description: 'Select the key and copy it by hand.' },
    );
  });

  it('never shows an empty message', () => {
    expect(errorToast(new Error('  ')).description).toBe(FALLBACK_ERROR_MESSAGE);
    expect(errorToast(undefined).description).toBe(FALLBACK_ERROR_MESSAGE);
  });

  it("shows a check's own sentence", () => {
    expect(errorToast('Enter the login URL').description).toBe('Enter the login URL');
  });
});
