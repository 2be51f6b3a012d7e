import { CONTACT_EMAIL } from '@common/constants.ts';
import { PLAN_LIST, type Plan } from '@common/plans.ts';
import { ArrowLeft, ChevronDown } from 'lucide-react';
import { useLocation } from 'wouter';
import { BrandLogo } from '@/components/brand-logo.tsx';
import { LinkButton } from '@/components/link-button.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { useReportDeadlineDays } from '@/lib/billing-queries.ts';
import { mailtoHref } from '@/lib/mailto.ts';
import { homePathFor, signInPathFor } from '@/lib/redirects.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { pricingFaq } from './faq.ts';
import { PlanCard } from './plan-card.tsx';

export default function PricingPage() {
  usePageTitle('Pricing');
  const { user } = useAuth();
  const deadlineDays = useReportDeadlineDays();
  const [, navigate] = useLocation();

  function choose(plan: Plan) {
    const payment = `/payment?plan=${plan.id}`;
    navigate(user ? payment : signInPathFor(payment));
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-slate-200 border-b bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
          <LinkButton href="/" variant="ghost" size="sm" className="px-2">
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </LinkButton>
          <BrandLogo className="hidden sm:inline-flex" />
          {user ? (
            <LinkButton href={homePathFor(user)} variant="outline" size="sm">
              Dashboard
            </LinkButton>
          ) : (
            <LinkButton href="/auth" variant="outline" size="sm">
              Sign In
            </LinkButton>
          )}
        </div>
      </header>

      <main className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="font-bold text-4xl text-slate-900 tracking-tight">Choose your plan</h1>
          <p className="mt-4 text-lg text-slate-600">
            Pay per report or subscribe and save. No setup fee, you are only charged when reports
            are requested (or, while your client's login is not confirmed, once the report is
            ready), and a report we cannot deliver in time is refunded automatically.
          </p>
        </div>
        <div className="mx-auto mt-12 grid max-w-4xl gap-8 md:grid-cols-2">
          {PLAN_LIST.map((plan) => (
            <PlanCard key={plan.id} plan={plan} onChoose={choose} />
          ))}
        </div>
        <p className="mt-10 text-center text-slate-600">
          Need reports for a large portfolio?{' '}
          <a
            className="font-medium text-blue-700 hover:underline"
            href={mailtoHref(CONTACT_EMAIL, 'Enterprise pricing inquiry')}
          >
            Contact us for enterprise pricing
          </a>
          .
        </p>

        <section aria-labelledby="faq-title" className="mx-auto mt-20 max-w-3xl">
          <h2
            id="faq-title"
            className="text-center font-bold text-3xl text-slate-900 tracking-tight"
          >
            Frequently asked questions
          </h2>
          <div className="mt-10 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {pricingFaq(deadlineDays).map((entry) => (
              <details key={entry.question} className="group px-6 py-4">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
                  {entry.question}
                  <ChevronDown
                    className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                    aria-hidden="true"
                  />
                </summary>
                <p className="mt-3 text-slate-600">{entry.answer}</p>
              </details>
            ))}
          </div>
        </section>
      </main>
    </div>
  );
}
