import { describe, expect, it } from 'vitest';
import {
  credentialsState,
  formatMegabytes,
  formatPeriod,
  STATUS_CLASSES,
  statusLabel,
} from './connection-display.ts';

describe('statusLabel', () => {
  it('shows underscores as spaces', () => {
    expect(statusLabel('in_progress')).toBe('in progress');
    expect(statusLabel('pending')).toBe('pending');
    expect(statusLabel('complete')).toBe('complete');
  });

  it('colours complete green, in progress yellow and pending grey', () => {
    expect(STATUS_CLASSES.complete).toContain('emerald');
    expect(STATUS_CLASSES.in_progress).toContain('amber');
    expect(STATUS_CLASSES.pending).toContain('slate');
  });
});

describe('formatMegabytes', () => {
  it('shows MB with one decimal', () => {
    expect(formatMegabytes(1024 * 1024)).toBe('1.0 MB');
    expect(formatMegabytes(2_411_725)).toBe('2.3 MB');
    expect(formatMegabytes(10_485_760)).toBe('10.0 MB');
    expect(formatMegabytes(0)).toBe('0.0 MB');
  });

  it('never calls a small file 0.0 MB', () => {
    expect(formatMegabytes(12)).toBe('< 0.1 MB');
    expect(formatMegabytes(60_000)).toBe('0.1 MB');
  });
});

describe('credentialsState', () => {
  const base = {
    hasCredentials: true,
    credentialsPurgedAt: null,
    credentialsVerified: null,
    verificationMessage: null,
  };

  it('is checking until the login was tried', () => {
    expect(credentialsState(base)).toMatchObject({ label: 'Checking…', tone: 'waiting' });
  });

  it('says when the login could not be checked automatically, and why', () => {
    const message =
      'Not checked automatically: the provider has no login page set up. An admin will check the login by hand.';
    expect(credentialsState({ ...base, verificationMessage: message })).toEqual({
      label: 'Not checked',
      tone: 'neutral',
      detail: message,
    });
  });

  it('is verified, or failed with the reason', () => {
    expect(credentialsState({ ...base, credentialsVerified: true }).label).toBe('Verified');
    expect(
      credentialsState({
        ...base,
        credentialsVerified: false,
        verificationMessage: 'Wrong password',
      }),
    ).toEqual({ label: 'Failed', tone: 'bad', detail: 'Wrong password' });
  });

  it('says when the login was purged, before any check result', () => {
    const purged = credentialsState({
      ...base,
      hasCredentials: false,
      credentialsVerified: true,
      credentialsPurgedAt: '2024-11-22T12:00:00.000Z',
    });
    expect(purged.label).toBe('Purged');
    expect(purged.detail).toMatch(/^Deleted on Nov 2[12], 2024$/);
  });

  it('says when there never was a login', () => {
    expect(credentialsState({ ...base, hasCredentials: false }).label).toBe('No credentials');
  });
});

describe('formatPeriod', () => {
  it('shows the billing period, whatever the time zone', () => {
    expect(formatPeriod('2024-09-01', '2024-09-30')).toBe('Sep 1, 2024 – Sep 30, 2024');
    expect(formatPeriod('2024-09-01', null)).toBe('Sep 1, 2024 – ?');
    expect(formatPeriod(null, null)).toBeNull();
  });
});
