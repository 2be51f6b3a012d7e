import { SAMPLE_REPORT } from '@common/sample-report.ts';
import { ArrowRight, FileSpreadsheet, FileText, ShieldCheck } from 'lucide-react';
import { LinkButton } from '@/components/link-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatKwh, formatUsd } from '@/lib/format.ts';

/** The sample's weekday load profile, each hour as a share of the highest. */
const highest = Math.max(...SAMPLE_REPORT.weekdayProfileKw);
const PROFILE = SAMPLE_REPORT.weekdayProfileKw.map((kW, hour) => ({
  hour,
  load: Math.max(2, Math.round((kW / highest) * 100)),
}));

export function HeroSection({ onViewSample }: { onViewSample: () => void }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-blue-50 via-white to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-blue-100 px-3 py-1 font-medium text-blue-800 text-xs sm:text-sm">
            <ShieldCheck className="size-4" aria-hidden="true" />
            Built for energy professionals
          </p>
          <h1 className="font-bold text-4xl text-slate-900 tracking-tight sm:text-5xl">
            Your customers' utility data, <span className="text-blue-600">in one report</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-600">
            Get the two most recent utility statements, 15-minute interval data and a clear usage
            and cost summary for any account, without chasing logins or utility portals.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <LinkButton href="/pricing" size="lg">
              Start Your Project
              <ArrowRight aria-hidden="true" />
            </LinkButton>
            <Button variant="outline" size="lg" onClick={onViewSample}>
              View Sample Report
            </Button>
          </div>
        </div>
        <ReportPreview />
      </div>
    </section>
  );
}

/** A decorative glance at the sample report's cover; the sample modal holds the report itself. */
function ReportPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute -inset-4 rounded-3xl bg-blue-200/40 blur-2xl" />
      <div className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-xl">
        <div className="flex items-center justify-between">
          <div>
            <p className="font-semibold text-slate-900">{SAMPLE_REPORT.accountName}</p>
            <p className="text-slate-500 text-sm">{SAMPLE_REPORT.utilityProvider}</p>
          </div>
          <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 font-medium text-emerald-800 text-xs">
            Complete
          </span>
        </div>
        <div className="mt-6 grid grid-cols-2 gap-3">
          <div className="rounded-lg bg-blue-50 p-3">
            <p className="text-slate-600 text-xs">Usage (12 months)</p>
            <p className="font-bold text-lg text-slate-900">{formatKwh(SAMPLE_REPORT.usageKwh)}</p>
          </div>
          <div className="rounded-lg bg-emerald-50 p-3">
            <p className="text-slate-600 text-xs">Cost (12 months)</p>
            <p className="font-bold text-lg text-slate-900">{formatUsd(SAMPLE_REPORT.costCents)}</p>
          </div>
        </div>
        <div className="mt-6 flex h-24 items-end gap-0.5">
          {PROFILE.map(({ hour, load }) => (
            <div
              key={hour}
              className="flex-1 rounded-t bg-blue-500/80"
              style={{ height: `${load}%` }}
            />
          ))}
        </div>
        <div className="mt-6 flex flex-wrap gap-2 text-slate-600 text-xs">
          <span className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-2 py-1">
            <FileText className="size-3.5" /> 2 statements (PDF)
          </span>
          <span className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-2 py-1">
            <FileSpreadsheet className="size-3.5" /> 15-minute interval data
          </span>
        </div>
      </div>
    </div>
  );
}
