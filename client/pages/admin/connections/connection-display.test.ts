import { describe, expect, it } from 'vitest';
import {
  credentialsDetailLabel,
  credentialsListLabel,
  formatCost,
  formatDateRange,
  formatKilobytes,
  formatUsage,
  importStatusText,
  statusLabel,
} from './connection-display.ts';

const login = {
  hasCredentials: true,
  credentialsPurgedAt: null,
  credentialsVerified: null as boolean | null,
};

describe('statusLabel', () => {
  it('shows underscores as spaces', () => {
    expect(statusLabel('in_progress')).toBe('in progress');
    expect(statusLabel('complete')).toBe('complete');
  });
});

describe('credentials labels', () => {
  it('lists Verified, Failed, Not checked, No credentials and Purged', () => {
    expect(credentialsListLabel({ ...login, credentialsVerified: true }).label).toBe('Verified');
    expect(credentialsListLabel({ ...login, credentialsVerified: false }).label).toBe('Failed');
    expect(credentialsListLabel(login).label).toBe('Not checked');
    expect(credentialsListLabel({ ...login, hasCredentials: false }).label).toBe('No credentials');
    expect(
      credentialsListLabel({
        hasCredentials: false,
        credentialsPurgedAt: '2025-01-02T03:04:05.000Z',
        credentialsVerified: true,
      }).label,
    ).toBe('Purged');
  });

  it('says Verified, Not Verified or No credentials in the detail', () => {
    expect(credentialsDetailLabel({ ...login, credentialsVerified: true })).toBe('Verified');
    expect(credentialsDetailLabel({ ...login, credentialsVerified: false })).toBe('Not Verified');
    expect(credentialsDetailLabel(login)).toBe('Not Verified');
    expect(credentialsDetailLabel({ ...login, hasCredentials: false })).toBe('No credentials');
    // Purged logins had credentials; their check still says what it said.
    expect(
      credentialsDetailLabel({
        hasCredentials: false,
        credentialsPurgedAt: '2025-01-02T03:04:05.000Z',
        credentialsVerified: true,
      }),
    ).toBe('Verified');
  });
});

describe('figures', () => {
  it('formats usage and cost, and nothing when unknown', () => {
    expect(formatUsage(1668.51)).toBe('1,668.51 kWh');
    expect(formatUsage(1668.513)).toBe('1,668.51 kWh');
    expect(formatUsage(0)).toBe('0 kWh');
    expect(formatUsage(null)).toBeNull();
    expect(formatCost(651.19)).toBe('$651.19');
    expect(formatCost(8247.5)).toBe('$8,247.50');
    expect(formatCost(null)).toBeNull();
  });

  it('shows a date range the same in every time zone, with open ends', () => {
    expect(formatDateRange('2024-02-01', '2025-01-31')).toBe('Feb 1, 2024 – Jan 31, 2025');
    expect(formatDateRange('2024-02-01', null)).toBe('Feb 1, 2024 – …');
    expect(formatDateRange(null, null)).toBeNull();
  });
});

describe('formatKilobytes', () => {
  it('shows sizes in KB with separators (SPEC section 9)', () => {
    expect(formatKilobytes(251_904)).toBe('246 KB');
    expect(formatKilobytes(10_485_760)).toBe('10,240 KB');
    expect(formatKilobytes(1024)).toBe('1 KB');
  });

  it('never calls a small file empty', () => {
    expect(formatKilobytes(300)).toBe('< 1 KB');
    expect(formatKilobytes(0)).toBe('0 KB');
  });
});

describe('importStatusText', () => {
  it('says what the interval import did, with its error', () => {
    expect(importStatusText({ importStatus: null, importError: null })).toBeNull();
    expect(importStatusText({ importStatus: 'pending', importError: null })?.label).toBe(
      'Importing interval data…',
    );
    expect(importStatusText({ importStatus: 'imported', importError: null })?.tone).toBe('good');
    expect(
      importStatusText({
        importStatus: 'failed',
        importError: 'generic CSV: line 3: not a number',
      }),
    ).toEqual({
      label: 'Import failed',
      tone: 'bad',
      detail: 'generic CSV: line 3: not a number',
    });
  });
});
