import { describe, expect, it } from 'vitest';
import {
  billingHistoryText,
  CREDENTIALS_TONE_CLASSES,
  credentialsState,
  fileProvenanceText,
  formatCost,
  formatDateRange,
  formatKilobytes,
  formatMegabytes,
  formatPeriod,
  formatUsage,
  importStatusText,
  STATUS_CLASSES,
  statementFactsText,
  statusLabel,
} from './connection-display.ts';

const login = {
  hasCredentials: true,
  credentialsPurgedAt: null,
  credentialsVerified: null as boolean | null,
  verificationMessage: null as string | null,
};

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

describe('credentials labels on the admin screens', () => {
  it('names a refused login the same in the table and the detail', () => {
    // The table and the detail read the same function: a refused login is Failed in both,
    // never Not Verified in one of them.
    expect(credentialsState({ ...login, credentialsVerified: false }).label).toBe('Failed');
    expect(credentialsState({ ...login, credentialsVerified: true }).label).toBe('Verified');
    expect(credentialsState({ ...login, hasCredentials: false }).label).toBe('No credentials');
    expect(
      credentialsState({
        ...login,
        hasCredentials: false,
        credentialsPurgedAt: '2025-01-02T03:04:05.000Z',
        credentialsVerified: true,
      }).label,
    ).toBe('Purged');
  });
});

describe("credentials on the owner's dashboard", () => {
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

  it("tells the owner what happens next in plain words, never the check's technical reason", () => {
    const technical =
      "The login could not be completed on the provider's page (its host name m.pge.com could not be resolved (ENOTFOUND)). An admin must check the provider's login URL and selectors.";
    const unchecked = credentialsState({ ...base, verificationMessage: technical }, 'owner');
    expect(unchecked.label).toBe('Not checked');
    expect(unchecked.detail).toMatch(/^We could not check this login automatically yet\./);
    const failed = credentialsState(
      { ...base, credentialsVerified: false, verificationMessage: technical },
      'owner',
    );
    expect(failed.detail).toMatch(/^The utility did not accept the login your client entered\./);
    for (const state of [unchecked, failed]) {
      expect(state.detail).not.toMatch(/ENOTFOUND|selector|host name|admin/i);
    }
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

describe('CREDENTIALS_TONE_CLASSES', () => {
  it('colours a good check green, a bad one red and a pending one amber', () => {
    expect(CREDENTIALS_TONE_CLASSES.good).toContain('emerald');
    expect(CREDENTIALS_TONE_CLASSES.bad).toContain('red');
    expect(CREDENTIALS_TONE_CLASSES.waiting).toContain('amber');
    expect(CREDENTIALS_TONE_CLASSES.neutral).toContain('slate');
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
});

describe('date ranges', () => {
  it('shows the admin date range the same in every time zone, with open ends', () => {
    expect(formatDateRange('2024-02-01', '2025-01-31')).toBe('Feb 1, 2024 – Jan 31, 2025');
    expect(formatDateRange('2024-02-01', null)).toBe('Feb 1, 2024 – …');
    expect(formatDateRange(null, '2025-01-31')).toBe('… – Jan 31, 2025');
    expect(formatDateRange(null, null)).toBeNull();
  });

  it('shows the billing period, whatever the time zone', () => {
    expect(formatPeriod('2024-09-01', '2024-09-30')).toBe('Sep 1, 2024 – Sep 30, 2024');
    expect(formatPeriod('2024-09-01', null)).toBe('Sep 1, 2024 – ?');
    expect(formatPeriod(null, '2024-09-30')).toBe('? – Sep 30, 2024');
    expect(formatPeriod(null, null)).toBeNull();
  });
});

describe('file sizes', () => {
  it('shows sizes in KB with separators', () => {
    expect(formatKilobytes(251_904)).toBe('246 KB');
    expect(formatKilobytes(10_485_760)).toBe('10,240 KB');
    expect(formatKilobytes(1024)).toBe('1 KB');
  });

  it('never calls a small file empty in KB', () => {
    expect(formatKilobytes(300)).toBe('< 1 KB');
    expect(formatKilobytes(0)).toBe('0 KB');
  });

  it('shows MB with one decimal to users', () => {
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

describe('billing histories', () => {
  const bill = (periodStart: string, periodEnd: string, unit: string | null = 'kWh') => ({
    periodStart,
    periodEnd,
    days: 30,
    usage: 100,
    unit,
    costCents: 1000,
    line: 2,
  });

  it('says a CSV was read as a billing history, with its bills and their span', () => {
    const bills = [bill('2024-03-01', '2024-03-31'), bill('2024-02-01', '2024-02-29')];
    expect(
      importStatusText({ fileType: 'csv', importStatus: 'imported', importError: 'x', bills }),
    ).toEqual({ label: 'Billing history read', tone: 'good', detail: null });
    expect(billingHistoryText(bills)).toBe('Billing history: 2 bills, Feb 1, 2024 to Mar 31, 2024');
    expect(billingHistoryText([bill('2024-01-08', '2024-02-05', 'therms')])).toBe(
      'Billing history: 1 bill, Jan 8, 2024 to Feb 5, 2024 (usage in therms)',
    );
    expect(billingHistoryText(null)).toBeNull();
  });
});

describe('statement PDFs', () => {
  const statement = {
    hasText: true,
    layout: 'pge',
    pages: 6,
    facts: {
      statementDate: '2022-12-09',
      periodStart: '2022-11-08',
      periodEnd: '2022-12-08',
      totalKWh: 327.119,
      amountDueCents: 9624,
      dueDate: '2022-12-30',
      rateSchedule: 'E-TOU-C',
      accountNumber: '0000000000-0',
    },
    missing: [],
    notes: [],
  };

  it('says a PDF is being read, was read, or could not be', () => {
    const pdf = { fileType: 'pdf' as const, importError: null, statement: null };
    expect(importStatusText({ ...pdf, importStatus: 'pending' })?.label).toBe(
      'Reading the statement…',
    );
    expect(importStatusText({ ...pdf, importStatus: 'imported', statement })?.label).toBe(
      'Statement read',
    );
    expect(
      importStatusText({
        ...pdf,
        importStatus: 'imported',
        statement: { ...statement, hasText: false, facts: {} },
      }),
    ).toMatchObject({ label: 'No text; facts entered by hand', tone: 'neutral' });
    expect(
      importStatusText({
        ...pdf,
        importStatus: 'failed',
        importError: 'The file is not a readable PDF: x',
      }),
    ).toMatchObject({ label: 'The statement could not be read', tone: 'bad' });
  });

  it('shows the facts beside the file, and what the statement lacks', () => {
    expect(statementFactsText(statement)).toEqual({
      facts:
        'Statement Dec 9, 2022 · Nov 8, 2022 – Dec 8, 2022 · 327.12 kWh · $96.24 due Dec 30, 2022 · E-TOU-C · Account 0000000000-0',
      missing: null,
    });
    expect(
      statementFactsText({
        ...statement,
        facts: { accountNumber: '55-1' },
        missing: ['dueDate', 'rateSchedule'],
      }),
    ).toEqual({
      facts: 'Account 55-1',
      missing: 'Not found on the statement: due date, rate schedule',
    });
    expect(statementFactsText({ ...statement, hasText: false })).toBeNull();
    expect(statementFactsText(null)).toBeNull();
  });
});

describe('fileProvenanceText', () => {
  it('says where a retrieved file came from, that a bulk upload was one, and nothing for an upload', () => {
    expect(
      fileProvenanceText({ source: 'retrieved', sourcePage: 'https://my.pge.com/bills?x=1' }),
    ).toBe('Retrieved automatically from my.pge.com/bills');
    expect(fileProvenanceText({ source: 'retrieved', sourcePage: null })).toBe(
      'Retrieved automatically from the portal',
    );
    expect(fileProvenanceText({ source: 'bulk', sourcePage: null })).toBe('Uploaded in bulk');
    expect(fileProvenanceText({ source: 'upload', sourcePage: null })).toBeNull();
  });
});
