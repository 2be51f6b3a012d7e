import type { UsageRecord } from '@common/billing.ts';
import { Receipt } from 'lucide-react';
import { QueryView } from '@/components/query-states.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { CardContent } from '@/components/ui/card.tsx';
import { formatUsd } from '@/lib/format.ts';
import { cn } from '@/lib/utils.ts';
import {
  formatShortDate,
  humanize,
  USAGE_TONE_CLASSES,
  usageCost,
  usageStatusTone,
} from './usage-display.ts';
import { useUsage } from './use-usage.ts';

function UsageStatusBadge({ record }: { record: UsageRecord }) {
  return (
    <span
      title={record.statusMessage ?? undefined}
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs',
        USAGE_TONE_CLASSES[usageStatusTone(record.status)],
      )}
    >
      {humanize(record.status)}
    </span>
  );
}

function UsageRow({ record }: { record: UsageRecord }) {
  const cost = usageCost(record);
  return (
    <tr className="align-top">
      <td className="whitespace-nowrap py-3 pr-3 text-slate-600">
        {formatShortDate(record.createdAt)}
      </td>
      <td className="py-3 pr-3 text-slate-900">
        {record.description ?? humanize(record.reportType)}
        {record.testMode && <span className="ml-1 text-amber-700 text-xs">(test)</span>}
        {record.statusMessage && (
          <span className="mt-0.5 block text-slate-500 text-xs">{record.statusMessage}</span>
        )}
      </td>
      <td className="py-3 pr-3">
        <UsageStatusBadge record={record} />
      </td>
      <td className="whitespace-nowrap py-3 text-right">
        <span className={cn('text-slate-900', !cost.counted && 'text-slate-500 line-through')}>
          {cost.amount}
        </span>
        {cost.note && <span className="block text-slate-500 text-xs">{cost.note}</span>}
      </td>
    </tr>
  );
}

function UsageTable({
  records,
  totalCostCents,
}: {
  records: UsageRecord[];
  totalCostCents: number;
}) {
  const total = formatUsd(totalCostCents);
  if (records.length === 0) {
    return (
      <>
        <p className="rounded-lg border border-slate-300 border-dashed px-4 py-8 text-center text-slate-600 text-sm">
          No reports yet
        </p>
        <p className="flex items-center justify-between border-slate-200 border-t pt-4 font-semibold text-slate-900">
          <span>Total</span>
          <span>{total}</span>
        </p>
      </>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-slate-200 border-b text-left text-slate-500 text-xs">
            {['Date', 'Description', 'Status'].map((column) => (
              <th key={column} scope="col" className="pr-3 pb-2 font-medium">
                {column}
              </th>
            ))}
            <th scope="col" className="pb-2 text-right font-medium">
              Cost
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {records.map((record) => (
            <UsageRow key={record.id} record={record} />
          ))}
        </tbody>
        <tfoot>
          <tr className="border-slate-200 border-t font-semibold text-slate-900">
            <th scope="row" colSpan={3} className="pt-4 text-left">
              Total
            </th>
            <td className="pt-4 text-right">{total}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The user's report requests with their status and cost, and the total billed. */
export function UsageList() {
  const usage = useUsage();
  return (
    <TitledCard
      icon={Receipt}
      title="Usage"
      description="Reports you requested and what they cost."
    >
      <CardContent className="grid grid-cols-1 gap-4">
        <QueryView query={usage} loading="Loading usage..." failed="Your usage could not be loaded">
          {(data) => <UsageTable records={data.usage} totalCostCents={data.totalCostCents} />}
        </QueryView>
      </CardContent>
    </TitledCard>
  );
}
