import type { ReportSummary, ReportVersion } from '@common/reports.ts';
import { describe, expect, it } from 'vitest';
import {
  anyInFlight,
  downloadableVersion,
  formatPercent,
  isInFlight,
  mayHaveEarlierReady,
  newestReady,
  ownerReportState,
  reportDownloads,
  reportFigures,
  reportStateText,
} from './report-display.ts';

function summary(overrides: Partial<ReportSummary> = {}): ReportSummary {
  return {
    periodStart: '2024-09-01',
    periodEnd: '2024-09-30',
    usageKwh: 45_720,
    costDollars: 8247.5,
    figuresFrom: 'intervals',
    peakKw: 112.46,
    peakAt: '2024-09-12 16:45',
    loadFactor: 0.56,
    coveragePct: 98.54,
    statements: 2,
    intervalFiles: 2,
    missing: [],
    ...overrides,
  };
}

function version(overrides: Partial<ReportVersion> = {}): ReportVersion {
  const id = overrides.id ?? 42;
  const ready = (overrides.status ?? 'ready') === 'ready';
  return {
    id,
    connectionId: 7,
    version: 1,
    status: 'ready',
    trigger: 'paid',
    error: null,
    summary: ready ? summary() : null,
    files: [],
    createdAt: '2024-11-22T12:00:00.000Z',
    builtAt: ready ? '2024-11-22T12:00:00.000Z' : null,
    emailedAt: null,
    downloads: ready
      ? {
          html: `/api/reports/${id}/download/html`,
          pdf: `/api/reports/${id}/download/pdf`,
          zip: `/api/reports/${id}/download/zip`,
        }
      : null,
    previewUrl: ready ? `/api/reports/${id}/preview` : null,
    ...overrides,
  };
}

describe('reportStateText', () => {
  it('names every state of the newest version', () => {
    expect(reportStateText(null)).toEqual({ label: 'Not built yet', tone: 'none' });
    expect(reportStateText(version({ status: 'queued' }))).toEqual({
      label: 'Queued',
      tone: 'busy',
    });
    expect(reportStateText(version({ status: 'building' }))).toEqual({
      label: 'Building…',
      tone: 'busy',
    });
    expect(reportStateText(version({ status: 'failed', error: 'PDF printing timed out' }))).toEqual(
      { label: 'Failed: PDF printing timed out', tone: 'bad' },
    );
  });

  it('gives the version and the build date of a ready report', () => {
    // Midday UTC: the same calendar day from UTC-11 to UTC+11.
    const { label, tone } = reportStateText(version({ version: 3 }));
    expect(label).toBe('Ready — version 3, built Nov 22, 2024');
    expect(tone).toBe('good');
  });

  it('never shows an empty failure reason', () => {
    expect(reportStateText(version({ status: 'failed', error: null })).label).toBe(
      'Failed: no reason was recorded',
    );
    expect(reportStateText(version({ status: 'failed', error: '  ' })).label).toBe(
      'Failed: no reason was recorded',
    );
  });
});

describe('isInFlight', () => {
  it('is true only while queued or building', () => {
    expect(isInFlight(version({ status: 'queued' }))).toBe(true);
    expect(isInFlight(version({ status: 'building' }))).toBe(true);
    expect(isInFlight(version({ status: 'ready' }))).toBe(false);
    expect(isInFlight(version({ status: 'failed' }))).toBe(false);
    expect(isInFlight(null)).toBe(false);
    expect(anyInFlight([null, version(), version({ status: 'building' })])).toBe(true);
    expect(anyInFlight([null, version(), version({ status: 'failed' })])).toBe(false);
  });
});

describe('reportFigures', () => {
  it('formats the headline figures in order', () => {
    expect(reportFigures(summary())).toEqual([
      { term: 'Period', value: 'Sep 1, 2024 – Sep 30, 2024' },
      { term: 'Usage', value: '45,720 kWh' },
      { term: 'Cost', value: '$8,247.50' },
      { term: 'Peak demand', value: '112.46 kW' },
      { term: 'Interval coverage', value: '98.5%' },
    ]);
  });

  it('leaves out what the report could not establish, but keeps a real zero', () => {
    const figures = reportFigures(
      summary({ usageKwh: null, peakKw: null, coveragePct: 0, costDollars: 0 }),
    );
    expect(figures.map((f) => f.term)).toEqual(['Period', 'Cost', 'Interval coverage']);
    expect(figures[1]?.value).toBe('$0.00');
    expect(figures[2]?.value).toBe('0.0%');
    expect(reportFigures(null)).toEqual([]);
  });

  it('reads coverage as a percentage already', () => {
    expect(formatPercent(100)).toBe('100.0%');
    expect(formatPercent(12.345)).toBe('12.3%');
  });
});

describe('downloads', () => {
  it('offers the three formats of a ready version, named as the server names them', () => {
    expect(reportDownloads(version({ id: 42 }))).toEqual([
      {
        format: 'html',
        label: 'Download HTML',
        href: '/api/reports/42/download/html',
        fileName: 'utility-report-42.html',
      },
      {
        format: 'pdf',
        label: 'Download PDF',
        href: '/api/reports/42/download/pdf',
        fileName: 'utility-report-42.pdf',
      },
      {
        format: 'zip',
        label: 'Download ZIP',
        href: '/api/reports/42/download/zip',
        fileName: 'utility-report-42.zip',
      },
    ]);
  });

  it('offers nothing before a version is ready', () => {
    expect(reportDownloads(null)).toEqual([]);
    expect(reportDownloads(version({ status: 'building' }))).toEqual([]);
    expect(reportDownloads(version({ status: 'failed' }))).toEqual([]);
  });
});

describe('downloadableVersion', () => {
  const v1 = version({ id: 1, version: 1 });
  const v2 = version({ id: 2, version: 2 });
  const v3failed = version({ id: 3, version: 3, status: 'failed' });
  const v4building = version({ id: 4, version: 4, status: 'building' });

  it('is the newest version when it is ready', () => {
    expect(downloadableVersion(v2, undefined)).toBe(v2);
  });

  it('falls back to the newest earlier ready version while a rebuild runs or after it failed', () => {
    expect(downloadableVersion(v4building, [v4building, v3failed, v2, v1])).toBe(v2);
    expect(downloadableVersion(v3failed, [v1, v3failed, v2])).toBe(v2);
    expect(newestReady([v3failed, v4building])).toBeNull();
    expect(downloadableVersion(v4building, undefined)).toBeNull();
    expect(downloadableVersion(null, [])).toBeNull();
  });

  it('looks for earlier versions only when the newest hides some', () => {
    expect(mayHaveEarlierReady(null)).toBe(false);
    expect(mayHaveEarlierReady(v2)).toBe(false);
    expect(mayHaveEarlierReady(version({ version: 1, status: 'building' }))).toBe(false);
    expect(mayHaveEarlierReady(v4building)).toBe(true);
  });
});

describe('ownerReportState', () => {
  it('says nothing before a report was paid for', () => {
    expect(ownerReportState(null, false)).toBeNull();
  });

  it('tells a paying owner that the data is being gathered, then built, then ready', () => {
    expect(ownerReportState(null, true)?.label).toBe(
      'Paid — we are gathering the data for your report',
    );
    expect(ownerReportState({ status: 'building', version: 1, builtAt: null }, true)).toEqual({
      label: 'Building your report…',
      busy: true,
    });
    expect(ownerReportState({ status: 'ready', version: 3, builtAt: null }, true)?.label).toBe(
      'Ready — version 3',
    );
  });

  it('shows no build error to the owner', () => {
    const failed = ownerReportState({ status: 'failed', version: 1, builtAt: null }, true);
    expect(failed?.label).toBe('Your report is being prepared');
    expect(failed?.busy).toBe(false);
  });
});
