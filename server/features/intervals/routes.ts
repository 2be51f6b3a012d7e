import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IntervalSummary } from '../../../common/intervals.ts';
import type { Db } from '../../db/client.ts';
import { attachmentDisposition } from '../../lib/storage/keys.ts';
import { currentUser } from '../../plugins/access.ts';
import { exportIntervalCsv } from './export/csv.ts';
import { SLOT_MS } from './series.ts';
import { latestSeries } from './service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive('Invalid id') });

export function intervalRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/connections/:id/intervals',
    {
      config: { access: 'user' },
      schema: { params: IdParams, response: { 200: IntervalSummary } },
    },
    async (request) => {
      const { row, fileName, series } = await latestSeries(
        db,
        request.params.id,
        currentUser(request),
      );
      const json = (value: unknown) => JSON.parse(JSON.stringify(value));
      return {
        series: {
          fileId: row.fileId,
          fileName,
          format: row.format,
          timeZone: series.timeZone,
          start: new Date(series.start).toISOString(),
          end: new Date(series.start + series.length * SLOT_MS).toISOString(),
          slots: series.length,
          sourceIntervalSeconds: series.sourceIntervalSeconds,
        },
        // Stored as JSON; undefined fields (no cost) were dropped on the way in.
        analytics: json(row.analytics),
        quality: json(row.qualityReport),
      };
    },
  );

  // The product's standard interval CSV of the newest series.
  api.get(
    '/api/connections/:id/intervals.csv',
    { config: { access: 'user' }, schema: { params: IdParams } },
    async (request, reply) => {
      const { series } = await latestSeries(db, request.params.id, currentUser(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`intervals-${request.params.id}.csv`))
        .send(exportIntervalCsv(series));
    },
  );
}
