import type { FastifyInstance } from 'fastify';
import { SAMPLE_REPORT } from '../../../../common/sample-report.ts';
import type { Services } from '../../../services.ts';
import { RETRY_AFTER_FAILURE_MS, SampleReport } from './sample-report.ts';

/**
 * The sample is framed by the landing page's modal and opened in its own tab: the same
 * sandboxed policy as the report preview (no script, no request, no form; only this app may
 * frame it). It never changes while the server runs, so browsers may keep it for an hour.
 */
const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'public, max-age=3600',
};

const PDF_HEADERS = {
  'content-type': 'application/pdf',
  'content-disposition': `attachment; filename="${SAMPLE_REPORT.pdfFileName}"`,
  'cache-control': 'public, max-age=3600',
};

export const SAMPLE_PDF_UNAVAILABLE =
  'The sample PDF cannot be made right now. Please view the sample report in your browser instead, or try again later.';

/** Anyone may look: a visitor deciding whether to sign up. Both answers are built once. */
const rateLimit = { max: 60, timeWindow: '1 minute' };

export function sampleReportRoutes(
  app: FastifyInstance,
  { browser, log }: Pick<Services, 'browser' | 'log'>,
) {
  const sample = new SampleReport(browser, log);

  app.get(
    SAMPLE_REPORT.htmlUrl,
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'The sample report (HTML)',
        description: 'A complete report built from synthetic data for an invented home with solar.',
      },
    },
    async (_request, reply) =>
      reply.headers(HTML_HEADERS).send(Buffer.from(await sample.html.get())),
  );

  app.get(
    SAMPLE_REPORT.pdfUrl,
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'The sample report (PDF download)',
        description:
          'The sample report printed as a paid report is; 503 when no browser can print it.',
      },
    },
    async (_request, reply) => {
      let pdf: Buffer;
      try {
        pdf = await sample.pdf.get();
      } catch {
        // Not the visitor's fault nor a crash: no Chromium here, or it failed to print (logged
        // where the build failed).
        return reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_FAILURE_MS / 1000))
          .send({ message: SAMPLE_PDF_UNAVAILABLE });
      }
      return reply.headers(PDF_HEADERS).send(pdf);
    },
  );
}
