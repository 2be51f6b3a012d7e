import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_REPORT } from '../../../../common/sample-report.ts';
import { REPORT_CSP } from '../../../lib/report/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { SAMPLE_PDF_UNAVAILABLE } from './routes.ts';
import { SAMPLE_PROVENANCE } from './sample-input.ts';

// The landing page's sample report on the real app: anyone may read it and download its PDF,
// printed by the Chromium paid reports are printed with (found as the app finds it).

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sample-pdf-'));
  const file = path.join(dir, 'sample.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('the sample report, with a browser', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('serves its HTML to anyone, sandboxed like the report preview', async () => {
    const res = await get(t, SAMPLE_REPORT.htmlUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/^sandbox;/);
    expect(csp).toContain(REPORT_CSP);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The document's own policy too, as in every report.
    expect(res.body).toContain(`content="${REPORT_CSP}"`);
    expect(res.body).toContain('Prepared by Sunrise Solar Design for Dana Whitfield');
    expect(res.body).toContain('E-TOU-C (NEM2)');
    expect(res.body).toContain(SAMPLE_PROVENANCE);
    expect(res.body).not.toMatch(/<script/i);
  });

  it('prints the same report as a PDF download, once for every request', async () => {
    const prints = vi.spyOn(t.app.services.browser, 'print');
    const answers = await Promise.all([
      get(t, SAMPLE_REPORT.pdfUrl),
      get(t, SAMPLE_REPORT.pdfUrl),
      get(t, SAMPLE_REPORT.pdfUrl),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="sample-utility-report.pdf"',
      );
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.equals(answers[0]?.rawPayload as Buffer)).toBe(true);
    }
    const text = pdfText(answers[0]?.rawPayload as Buffer);
    expect(text).toContain('Whitfield residence (sample)');
    expect(text).toContain('Sunrise Solar Design');
    expect(text).toContain('E-TOU-C (NEM2)');
    const whole = Math.trunc(SAMPLE_REPORT.usageKwh).toLocaleString('en-US');
    expect(text).toMatch(new RegExp(`${whole}\\.\\d+ kWh`));
    expect(text).toMatch(/Sample utility report · synthetic data.*Page 1 of \d+/);

    // Concurrent and later requests share the one print.
    const again = await get(t, SAMPLE_REPORT.pdfUrl);
    expect(again.rawPayload.equals(answers[0]?.rawPayload as Buffer)).toBe(true);
    expect(prints).toHaveBeenCalledTimes(1);
  }, 120_000);
});

describe('the sample report, without a browser', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ CHROMIUM_PATH: '/nonexistent/chromium' });
  });
  afterAll(() => bare?.close());

  it('answers the PDF with 503 in plain words, and the HTML still', async () => {
    const pdf = await get(bare, SAMPLE_REPORT.pdfUrl);
    expect(pdf.statusCode).toBe(503);
    expect(pdf.json()).toEqual({ message: SAMPLE_PDF_UNAVAILABLE });
    expect(pdf.headers['retry-after']).toBe('30');
    const html = await get(bare, SAMPLE_REPORT.htmlUrl);
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('Whitfield residence (sample)');
  });
});
