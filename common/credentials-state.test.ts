import { describe, expect, it } from 'vitest';
import {
  CREDENTIALS_LABELS,
  CREDENTIALS_STATES,
  credentialsLabel,
  credentialsStateOf,
} from './credentials-state.ts';

const login = {
  hasCredentials: true,
  credentialsPurgedAt: null,
  credentialsVerified: null as boolean | null,
  verificationMessage: null as string | null,
};

describe("one label per state of a customer's login", () => {
  it('names each state once, with labels that differ', () => {
    const labels = CREDENTIALS_STATES.map((state) => CREDENTIALS_LABELS[state]);
    expect(new Set(labels).size).toBe(CREDENTIALS_STATES.length);
    expect(labels).not.toContain('Not Verified');
  });

  it('maps every connection to one state', () => {
    expect(credentialsStateOf({ ...login, credentialsVerified: true })).toBe('verified');
    expect(credentialsStateOf({ ...login, credentialsVerified: false })).toBe('failed');
    expect(credentialsStateOf({ ...login, verificationMessage: 'No login page' })).toBe(
      'unchecked',
    );
    expect(credentialsStateOf(login)).toBe('checking');
    expect(credentialsStateOf({ ...login, hasCredentials: false })).toBe('none');
    expect(
      credentialsStateOf({
        ...login,
        hasCredentials: false,
        credentialsVerified: true,
        credentialsPurgedAt: '2025-01-02T03:04:05.000Z',
      }),
    ).toBe('purged');
  });

  it('says Failed, never Not Verified, for a refused login', () => {
    expect(credentialsLabel({ ...login, credentialsVerified: false })).toBe('Failed');
    expect(credentialsLabel({ ...login, verificationMessage: 'No login page' })).toBe(
      'Not checked',
    );
  });
});
