import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH as serverMinimum } from '../../../common/api.ts';
import { PASSWORD_MIN_LENGTH } from './password-rules.ts';

describe('password rules', () => {
  it('asks for the same minimum length as the server', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(serverMinimum);
  });
});
