import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PageQuery } from '../../../common/pagination.ts';
import {
  BuildReportResponse,
  MyReports,
  ReportCardPage,
  ReportCardQuery,
  ReportDownloadParams,
  ReportDownloadQuery,
  ReportIdParams,
  ReportVersionList,
} from '../../../common/reports.ts';
import { pageOf } from '../../lib/cursor.ts';
import { IdParams } from '../../lib/params.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

/**
 * The report's own HTML is shown in the admin's preview overlay: a sandboxed document (no
 * script, no request, no form) that only this app may frame.
 */
const PREVIEW_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-resource-policy': 'same-origin',
};

/** Reports answered without `limit` (what the dashboard has always received). */
const MY_REPORTS_LIMIT = 500;

export function reportRoutes(app: FastifyInstance, { reports }: Pick<Services, 'reports'>) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/reports',
    {
      config: { access: 'admin' },
      schema: { querystring: ReportCardQuery, response: { 200: ReportCardPage } },
    },
    async (request) => reports.cards(request.query),
  );

  api.get(
    '/api/my/reports',
    {
      config: { access: 'user', apiKey: true },
      schema: {
        summary: 'List the newest report of each connection you paid for',
        operationId: 'listReports',
        querystring: PageQuery,
        response: { 200: MyReports },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Admins too see only their own here: this is the "my" list.
      return reports.mine({ id: user.id, role: 'user' }, pageOf(request.query, MY_REPORTS_LIMIT));
    },
  );

  api.get(
    '/api/connections/:id/reports',
    {
      config: { access: 'user', apiKey: true },
      schema: {
        summary: "List every version of a connection's report",
        operationId: 'listConnectionReports',
        params: IdParams,
        response: { 200: ReportVersionList },
      },
    },
    async (request) => ({
      reports: await reports.versions(request.params.id, currentUser(request)),
    }),
  );

  api.post(
    '/api/connections/:id/reports',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, response: { 202: BuildReportResponse } },
    },
    async (request, reply) => {
      const report = await reports.buildNow(request.params.id, currentUser(request));
      return reply.code(202).send({ report });
    },
  );

  api.get(
    '/api/reports/:id/preview',
    {
      config: { access: 'user', apiKey: true },
      schema: {
        summary: "A report's HTML",
        operationId: 'previewReport',
        description: 'The report as a self-contained, sandboxed HTML document.',
        params: ReportIdParams,
      },
    },
    async (request, reply) => {
      const html = await reports.previewHtml(request.params.id, currentUser(request));
      return reply.headers(PREVIEW_HEADERS).send(Buffer.from(html));
    },
  );

  // Public: a link from an email or a webhook carries a signed token; otherwise the session or
  // API key decides (admins, or the owner once paid).
  api.get(
    '/api/reports/:id/download/:format',
    {
      config: { access: 'public', apiKey: true },
      schema: {
        summary: 'Download a report (html, pdf or zip)',
        operationId: 'downloadReport',
        description:
          'Redirects (302) to a short-lived download address. With an API key: your own reports once paid for.',
        params: ReportDownloadParams,
        querystring: ReportDownloadQuery,
      },
    },
    async (request, reply) => {
      const url = await reports.downloadUrl(request.params.id, request.params.format, {
        viewer: request.user,
        token: request.query.token,
      });
      return reply.redirect(url, 302);
    },
  );
}
