import type { Db } from '../../db/client.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';
import type { ConnectionsService } from '../connections/service.ts';
import type { IntervalsService } from '../intervals/service.ts';
import type { LoadedInputs } from './assemble.ts';
import { tariffsOfConnection } from './rate-plans.ts';
import type { ReportRow } from './records.ts';

/**
 * Reads what a version is made from: the connection (its files still waiting are read first,
 * so that the report has their intervals and the statements' facts), every file's bytes, and the newest series.
 */
export async function loadInputs(
  deps: {
    db: Db;
    store: ObjectStore;
    connections: ConnectionsService;
    intervals: IntervalsService;
  },
  report: ReportRow,
): Promise<LoadedInputs> {
  const { store, connections, intervals } = deps;
  let subject = await connections.reportSubject(report.connectionId);
  if (!subject) throw new Error('The connection was deleted');
  // Interval files not imported yet, and statements whose facts were not read yet.
  const waiting = subject.files.filter(
    (f) => f.importStatus === 'pending' || f.importStatus === null,
  );
  for (const file of waiting) await intervals.importFile(file.id);
  if (waiting.length) subject = (await connections.reportSubject(report.connectionId)) ?? subject;
  const fileBytes = await Promise.all(subject.files.map((f) => store.getBytes(f.objectKey)));
  const series = await intervals.latestForReport(report.connectionId);
  const gas = await intervals.gasForReport(report.connectionId);
  const logo = await ownerLogo(store, subject.owner);
  const tariffs = await tariffsOfConnection(deps.db, report.connectionId);
  return { report, subject, fileBytes, series, gas, logo, tariffs, generatedAt: new Date() };
}

/** The owner's business logo for the cover; a logo that cannot be read leaves the cover without. */
async function ownerLogo(
  store: ObjectStore,
  owner: { logoKey: string | null; logoContentType: string | null },
) {
  if (!owner.logoKey || !owner.logoContentType) return null;
  const contentType = owner.logoContentType;
  return store.getBytes(owner.logoKey).then(
    (bytes) => ({ contentType, bytes }),
    () => null,
  );
}
