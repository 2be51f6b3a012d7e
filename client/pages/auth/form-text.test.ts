import { describe, expect, it } from 'vitest';
import { formText } from './form-text.ts';

describe('formText', () => {
  it('reads a field as typed, and a missing one as empty', () => {
    const form = new FormData();
    form.set('username', ' dana ');
    expect(formText(form, 'username')).toBe(' dana ');
    expect(formText(form, 'email')).toBe('');
  });
});
