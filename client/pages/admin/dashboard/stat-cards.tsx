import type { Stats } from '@common/connections.ts';
import { AlertTriangle, Building2, Cable, FileText, type LucideIcon } from 'lucide-react';
import { LoadFailed } from '@/components/query-states.tsx';
import { Card } from '@/components/ui/card.tsx';
import { cn } from '@/lib/utils.ts';
import { trendDetail, trendText, trendTone } from './trend.ts';
import { useStats } from './use-stats.ts';

type StatKey = keyof Stats['trends'];

const CARDS: {
  key: StatKey;
  title: string;
  /** What the figure counts. */
  subtitle: string;
  icon: LucideIcon;
  moreIsBetter: boolean;
}[] = [
  {
    key: 'totalConnections',
    title: 'Total Connections',
    subtitle: 'Customer submissions, all time',
    icon: Cable,
    moreIsBetter: true,
  },
  {
    key: 'activeProviders',
    title: 'Active Providers',
    subtitle: 'Offered on the customer form',
    icon: Building2,
    moreIsBetter: true,
  },
  {
    key: 'filesUploaded',
    title: 'Files Uploaded',
    subtitle: 'Statements and interval files',
    icon: FileText,
    moreIsBetter: true,
  },
  {
    key: 'webhookAlerts',
    title: 'Webhook Alerts',
    subtitle: 'Webhook deliveries that failed',
    icon: AlertTriangle,
    moreIsBetter: false,
  },
];

const integer = new Intl.NumberFormat('en-US');

const TONES = {
  up: 'text-emerald-700',
  down: 'text-red-700',
  flat: 'text-slate-500',
} as const;

/** The four figures of GET /api/stats, each with its computed month-on-month trend. */
export function StatCards() {
  const stats = useStats();
  if (stats.isError) {
    return (
      <LoadFailed
        prominent
        title="Failed to load the figures"
        message={stats.error.message}
        onRetry={() => stats.refetch()}
      />
    );
  }
  return (
    <ul aria-label="Figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {CARDS.map(({ key, title, subtitle, icon: Icon, moreIsBetter }) => {
        const trend = stats.data?.trends[key];
        return (
          <li key={key} className="grid">
            <Card asChild>
              <article aria-label={title} aria-busy={stats.isPending} className="grid gap-1 p-5">
                <div className="flex items-start justify-between gap-3">
                  <h3 className="font-medium text-slate-600 text-sm">{title}</h3>
                  <Icon className="size-5 shrink-0 text-blue-600" aria-hidden="true" />
                </div>
                <p className="font-bold text-3xl text-slate-900 tabular-nums">
                  {stats.data ? (
                    integer.format(stats.data[key])
                  ) : (
                    <span className="inline-block h-8 w-16 animate-pulse rounded bg-slate-100" />
                  )}
                </p>
                <p className="text-slate-500 text-xs">{subtitle}</p>
                {trend ? (
                  <p
                    className={cn(
                      'mt-1 font-medium text-xs',
                      TONES[trendTone(trend, moreIsBetter)],
                    )}
                    title={trendDetail(trend)}
                  >
                    {trendText(trend)}
                    <span className="sr-only"> ({trendDetail(trend)})</span>
                  </p>
                ) : null}
              </article>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
