import type { ReportCardPage, ReportCardQuery, ReportVersion } from '../../../common/reports.ts';
import type { Db } from '../../db/client.ts';
import type { BillingService } from '../billing/service.ts';
import type { ConnectionsService } from '../connections/service.ts';
import { latestOf, type ReportRow, summaryOf } from './records.ts';

/** A version as the API shows it: its state, figures and files, and where to get it once ready. */
export function toVersion(row: ReportRow): ReportVersion {
  const ready = row.status === 'ready';
  const base = `/api/reports/${row.id}`;
  return {
    id: row.id,
    connectionId: row.connectionId,
    version: row.version,
    status: row.status,
    trigger: row.trigger,
    error: row.error,
    summary: summaryOf(row),
    files: row.manifest ?? [],
    createdAt: row.createdAt.toISOString(),
    builtAt: row.builtAt?.toISOString() ?? null,
    emailedAt: row.emailedAt?.toISOString() ?? null,
    downloads: ready
      ? {
          html: `${base}/download/html`,
          pdf: `${base}/download/pdf`,
          zip: `${base}/download/zip`,
        }
      : null,
    previewUrl: ready ? `${base}/preview` : null,
  };
}

/** Utility Reports view: one card per connection matching the filters, 10 a page. */
export async function reportCards(
  deps: { db: Db; connections: ConnectionsService; billing: BillingService },
  query: ReportCardQuery,
): Promise<ReportCardPage> {
  const page = await deps.connections.list({
    search: query.search,
    providerId: query.providerId,
    status: query.status === 'all' ? undefined : query.status,
    page: query.page,
  });
  const ids = page.items.map((c) => c.id);
  const [latest, waiting] = await Promise.all([
    latestOf(deps.db, ids),
    deps.billing.connectionsWaiting(ids),
  ]);
  return {
    items: page.items.map((c) => {
      const built = latest.get(c.id);
      return {
        connectionId: c.id,
        customerName: c.customerName,
        accountName: c.accountName,
        accountNumber: c.accountNumber,
        username: c.user.username,
        provider: c.provider,
        connectionStatus: c.status,
        paidRequestOpen: waiting.has(c.id),
        latest: built ? toVersion(built.row) : null,
        versions: built?.versions ?? 0,
      };
    }),
    total: page.total,
    totalCapped: page.totalCapped,
    page: page.page,
    pageSize: page.pageSize,
  };
}
