import { planById } from '@common/plans.ts';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Redirect, useLocation, useSearch, useSearchParams } from 'wouter';
import { BrandLogo } from '@/components/brand-logo.tsx';
import { LinkButton } from '@/components/link-button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { USER_QUERY_KEY, useAuth } from '@/lib/auth.tsx';
import { homePathFor, signInPathFor } from '@/lib/redirects.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { PaymentInfoCard } from './payment-info-card.tsx';
import { PlanSummaryCard } from './plan-summary-card.tsx';
import { useSetupIntent } from './use-setup-intent.ts';

/** The payment page: checks the session, asks for a SetupIntent, then shows the card form. */
export default function PaymentPage() {
  usePageTitle('Payment');
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [path] = useLocation();
  const search = useSearch();
  const plan = planById(params.get('plan'));
  const setup = useSetupIntent(plan.id, Boolean(user));

  // A 401 or any other failure sends the visitor to sign in, silently (signing in again is the fix). The
  // cached session is dropped first: the sign-in page would otherwise send a still signed-in
  // user straight back here, and the two pages would bounce forever.
  const setupFailed = setup.isError;
  useEffect(() => {
    if (setupFailed) queryClient.setQueryData(USER_QUERY_KEY, null);
  }, [setupFailed, queryClient]);

  if (isLoading) return <Waiting label="Checking authentication..." />;
  if (!user) {
    return (
      <>
        <Waiting label="Redirecting to login..." />
        <Redirect to={signInPathFor(search ? `${path}?${search}` : path)} replace />
      </>
    );
  }
  if (setup.isError) return <Waiting label="Redirecting to login..." />;
  if (!setup.data) return <Waiting label="Setting up secure payment..." />;

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-slate-200 border-b bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6">
          <BrandLogo />
          <LinkButton href={homePathFor(user)} variant="outline" size="sm">
            Dashboard
          </LinkButton>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <h1 className="font-bold text-3xl text-slate-900 tracking-tight">Complete your setup</h1>
        <p className="mt-2 text-slate-600">
          Review your plan and add a payment method for your reports.
        </p>
        <div className="mt-8 grid items-start gap-6 lg:grid-cols-2">
          <PlanSummaryCard plan={plan} />
          <PaymentInfoCard setup={setup.data} plan={plan.id} />
        </div>
        <LinkButton href="/pricing" variant="outline" className="mt-8">
          <ArrowLeft aria-hidden="true" />
          Back to Pricing
        </LinkButton>
      </main>
    </div>
  );
}

function Waiting({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50">
      <Spinner label={label} className="size-8" />
      <Link href="/auth" className="text-blue-700 text-sm hover:underline">
        Go to sign in
      </Link>
    </div>
  );
}
