import type { ReportCard as ReportCardData } from '@common/reports.ts';
import { Eye, Hammer, RefreshCw } from 'lucide-react';
import { StatusBadge } from '@/components/connection-badges.tsx';
import { ReportDownloadLinks } from '@/components/report-downloads.tsx';
import { ReportFigures } from '@/components/report-figures.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isInFlight, reportStateText } from '@/lib/report-display.ts';
import { useDownloadableVersion } from '@/lib/report-queries.ts';
import { cn } from '@/lib/utils.ts';

const TONES = {
  none: 'text-slate-600',
  busy: 'text-amber-700',
  good: 'text-green-700',
  bad: 'text-red-700',
} as const;

/** One connection in the Utility Reports view: its report's state, figures and actions. */
export function ReportCard({
  card,
  building,
  onBuild,
  onPreview,
}: {
  card: ReportCardData;
  building: boolean;
  onBuild: () => void;
  onPreview: (report: NonNullable<ReportCardData['latest']>) => void;
}) {
  const state = reportStateText(card.latest);
  const shown = useDownloadableVersion(card.connectionId, card.latest);
  const busy = building || isInFlight(card.latest);
  const account = [card.accountName, card.accountNumber].filter(Boolean).join(' · ');
  return (
    <article
      aria-label={card.customerName}
      className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm [overflow-wrap:anywhere]"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-lg text-slate-900">{card.customerName}</h3>
          <p className="text-slate-600 text-sm">
            {account || 'No account details yet'} · {card.provider.name}, {card.provider.state}
          </p>
          <p className="text-slate-500 text-xs">User: {card.username}</p>
        </div>
        <StatusBadge status={card.connectionStatus} />
      </header>
      <div className="grid gap-1">
        <p className={cn('flex items-center gap-2 font-medium text-sm', TONES[state.tone])}>
          {state.tone === 'busy' ? <Spinner className="size-4" /> : null}
          {state.label}
        </p>
        {card.paidRequestOpen ? (
          <p className="text-amber-700 text-sm">Paid request waiting for this report</p>
        ) : null}
        {card.versions > 1 ? (
          <p className="text-slate-500 text-xs">{card.versions} versions</p>
        ) : null}
      </div>
      <ReportFigures summary={shown?.summary ?? null} />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={!shown?.previewUrl}
          onClick={() => (shown ? onPreview(shown) : undefined)}
        >
          <Eye aria-hidden="true" />
          Preview Report
        </Button>
        <ReportDownloadLinks version={shown} showDisabled />
        <Button variant="outline" size="sm" disabled={busy} onClick={onBuild}>
          {card.latest ? <RefreshCw aria-hidden="true" /> : <Hammer aria-hidden="true" />}
          {card.latest ? 'Rebuild' : 'Build report'}
        </Button>
      </div>
    </article>
  );
}
