import { describe, expect, it } from 'vitest';
import { retrievalLine } from './retrieval-findings.ts';

describe('retrievalLine', () => {
  it('names the bills, the export and their pages', () => {
    expect(
      retrievalLine({
        bills: [
          { fileName: 'b2.pdf', page: 'https://my.pge.com/bills' },
          { fileName: 'c3.pdf', page: 'https://my.pge.com/bills' },
        ],
        intervalExport: { fileName: 'GreenButton.xml', page: 'https://my.pge.com/usage?x=1' },
        notes: [],
      }),
    ).toBe(
      '2 bills found on my.pge.com/bills (b2.pdf, c3.pdf); interval export GreenButton.xml from my.pge.com/usage.',
    );
  });

  it('says what to set when nothing is found', () => {
    expect(retrievalLine({ bills: [], intervalExport: null, notes: ['x'] })).toBe(
      'no bills found; interval export not found: set the Usage Page or Export Button.',
    );
  });
});
