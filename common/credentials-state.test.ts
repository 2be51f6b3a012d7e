import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

const ROOT = path.resolve(import.meta.dirname, '..');

/** The application's client and shared files, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('where the login labels are written', () => {
  it('is only in common/credentials-state.ts', () => {
    // A label spelled out anywhere else is a second vocabulary waiting to drift.
    const own = path.join(ROOT, 'common', 'credentials-state.ts');
    const labels = [...Object.values(CREDENTIALS_LABELS), 'Not Verified'].filter(
      (label) => label !== 'Failed' && label !== 'Verified',
    );
    const found = [path.join(ROOT, 'client'), path.join(ROOT, 'common')]
      .flatMap(sourceFiles)
      .filter((file) => file !== own)
      .flatMap((file) =>
        labels
          .filter((label) => readFileSync(file, 'utf8').includes(`'${label}'`))
          .map((label) => `${path.relative(ROOT, file)}: ${label}`),
      );
    expect(found).toEqual([]);
  });
});
