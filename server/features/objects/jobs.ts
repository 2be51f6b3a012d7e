import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { connectionFiles, providers } from '../../db/schema.ts';
import { defineJob, type WithJobLog } from '../../lib/jobs/types.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';
import { PREFIX } from './service.ts';

const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * Uploads that were never recorded (a closed dialog, a failed save) are deleted after a day.
 * An object is kept while a connection file or a provider logo refers to it.
 */
export const orphanCleanupJob = defineJob({
  name: 'storage-delete-orphans',
  payload: z.object({}),
  schedule: '23 * * * *',
  async handler(_payload, { db, store, log }: WithJobLog<{ db: Db; store: ObjectStore }>) {
    const cutoff = Date.now() - ORPHAN_AGE_MS;
    let deleted = 0;
    for (const prefix of [PREFIX['connection-file'], PREFIX.logo]) {
      let batch: string[] = [];
      const flush = async () => {
        const referenced = new Set<string>();
        if (prefix === PREFIX.logo) {
          const paths = batch.map((key) => `/objects/${key}`);
          const rows = await db
            .select({ imageUrl: providers.imageUrl })
            .from(providers)
            .where(inArray(providers.imageUrl, paths));
          for (const r of rows)
            if (r.imageUrl) referenced.add(r.imageUrl.slice('/objects/'.length));
        } else {
          const rows = await db
            .select({ key: connectionFiles.objectKey })
            .from(connectionFiles)
            .where(inArray(connectionFiles.objectKey, batch));
          for (const r of rows) referenced.add(r.key);
        }
        for (const key of batch) {
          if (referenced.has(key)) continue;
          await store.delete(key);
          deleted++;
        }
        batch = [];
      };
      for await (const object of store.list(prefix)) {
        if (object.lastModified.getTime() > cutoff) continue;
        batch.push(object.key);
        if (batch.length >= BATCH) await flush();
      }
      if (batch.length) await flush();
    }
    log.info({ deleted }, 'orphaned uploads deleted');
  },
});
