import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IntervalSummary, MeterChoice } from '../../../common/intervals.ts';
import { exportGasCsv } from '../../lib/intervals/gas.ts';
import { type Analytics, exportIntervalCsv, SLOT_MS } from '../../lib/intervals/index.ts';
import { IdParams } from '../../lib/params.ts';
import { attachmentDisposition } from '../../lib/storage/keys.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { analyticsData, gasData, qualityData } from './figures.ts';

export function intervalRoutes(app: FastifyInstance, { intervals }: Pick<Services, 'intervals'>) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/connections/:id/intervals',
    {
      config: { access: 'user', apiKey: true },
      schema: {
        summary: "A connection's interval data: series, analytics and quality",
        operationId: 'getIntervals',
        params: IdParams,
        response: { 200: IntervalSummary },
      },
    },
    async (request) => {
      const { electric, gas } = await intervals.summary(request.params.id, currentUser(request));
      const json = (value: unknown) => JSON.parse(JSON.stringify(value));
      const gasPart = gas && gasData(gas);
      if (!electric) return { series: null, analytics: null, quality: null, gas: gasPart };
      const { row, fileName, series, quality } = electric;
      return {
        gas: gasPart,
        series: {
          fileId: row.fileId,
          fileName,
          format: row.format,
          timeZone: series.timeZone,
          start: new Date(series.start).toISOString(),
          end: new Date(series.start + series.length * SLOT_MS).toISOString(),
          slots: series.length,
          sourceIntervalSeconds: series.sourceIntervalSeconds,
          meter: row.meter,
          meters: row.meters,
        },
        // Stored as JSON; undefined fields (no cost) were dropped on the way in. Figures are
        // rounded as data on the way out.
        analytics: json(analyticsData(row.analytics as Analytics)),
        quality: json(qualityData(quality)),
      };
    },
  );

  // A file of several meters (NEM12): the admin chooses which one is the connection's series.
  api.put(
    '/api/connections/:id/intervals/meter',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Choose the meter of a file that holds several',
        params: IdParams,
        body: MeterChoice,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await intervals.chooseMeter(request.params.id, request.body.fileId, request.body.meter);
      return reply.code(204).send(null);
    },
  );

  // The product's standard interval CSV of the newest series.
  api.get(
    '/api/connections/:id/intervals.csv',
    {
      config: { access: 'user', apiKey: true },
      schema: {
        summary: "A connection's interval data as CSV",
        operationId: 'downloadIntervalsCsv',
        description: 'The newest series in the standard interval CSV (text/csv attachment).',
        params: IdParams,
      },
    },
    async (request, reply) => {
      const { series } = await intervals.seriesForDownload(request.params.id, currentUser(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`intervals-${request.params.id}.csv`))
        .send(exportIntervalCsv(series));
    },
  );

  // The newest gas series as CSV: its periods in their own unit (therms, ccf, m³...).
  api.get(
    '/api/connections/:id/gas.csv',
    {
      config: { access: 'user', apiKey: true },
      schema: {
        summary: "A connection's gas readings as CSV",
        operationId: 'downloadGasCsv',
        description:
          'The newest gas series, one row per period as the utility gave it, in its own unit (text/csv attachment).',
        params: IdParams,
      },
    },
    async (request, reply) => {
      const { series } = await intervals.gasForDownload(request.params.id, currentUser(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`gas-${request.params.id}.csv`))
        .send(exportGasCsv(series));
    },
  );
}
