import { describe, expect, it } from 'vitest';
import { newPasswordProblem } from './password-rules.ts';

describe('newPasswordProblem', () => {
  it('applies the server rules, then asks for a matching confirmation', () => {
    expect(newPasswordProblem('', '')).toBe('Password is required');
    expect(newPasswordProblem('short', 'short')).toBe('Password must be at least 8 characters');
    expect(newPasswordProblem('long enough', 'long enougH')).toBe('The two passwords do not match');
    expect(newPasswordProblem('long enough', 'long enough')).toBeNull();
  });
});
