import { CONTACT_EMAIL } from '@common/constants.ts';
import { PLANS } from '@common/plans.ts';
import { Building2 } from 'lucide-react';
import { CheckList } from '@/components/check-list.tsx';
import { LinkButton } from '@/components/link-button.tsx';
import { PricePerReport } from '@/components/price-per-report.tsx';
import { Button } from '@/components/ui/button.tsx';
import { mailtoHref } from '@/lib/mailto.ts';

const ENTERPRISE_FEATURES = [
  'Custom pricing',
  'Bulk pricing for large portfolios',
  'Dedicated support',
  'Custom integrations',
];

export function PricingSection() {
  const standard = PLANS.basic;
  return (
    <section id="pricing" className="scroll-mt-16 bg-slate-50 py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 className="font-bold text-3xl text-slate-900 tracking-tight">Simple pricing</h2>
          <p className="mt-4 text-lg text-slate-600">
            Pay per report, or talk to us about volume. No setup fee.
          </p>
        </div>
        <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
          <article className="relative flex flex-col rounded-2xl border-2 border-blue-600 bg-white p-8 shadow-lg">
            <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-blue-600 px-3 py-1 font-semibold text-white text-xs">
              Most Popular
            </span>
            <h3 className="font-semibold text-slate-900 text-xl">Standard Report</h3>
            <PricePerReport cents={standard.pricePerReportCents} className="mt-4" />
            <CheckList large items={standard.features} className="mt-6 flex-1" />
            <LinkButton href="/pricing" size="lg" className="mt-8">
              Order a Report
            </LinkButton>
          </article>
          <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
            <h3 className="flex items-center gap-2 font-semibold text-slate-900 text-xl">
              <Building2 className="size-5 text-slate-500" aria-hidden="true" />
              Enterprise
            </h3>
            <p className="mt-4 font-bold text-4xl text-slate-900">Custom</p>
            <p className="mt-1 text-slate-600">For teams with many accounts to analyse.</p>
            <CheckList large items={ENTERPRISE_FEATURES} className="mt-6 flex-1" />
            <Button asChild size="lg" variant="outline" className="mt-8">
              <a href={mailtoHref(CONTACT_EMAIL, 'Enterprise pricing inquiry')}>
                Contact for Pricing
              </a>
            </Button>
          </article>
        </div>
      </div>
    </section>
  );
}
