import { planById } from '@common/plans.ts';
import { ArrowLeft, CreditCard } from 'lucide-react';
import { Link, Redirect, useLocation, useSearch, useSearchParams } from 'wouter';
import { BrandLogo } from '@/components/brand-logo.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { homePathFor, signInPathFor } from '@/lib/redirects.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { PlanSummaryCard } from './plan-summary-card.tsx';

export default function PaymentPage() {
  usePageTitle('Payment');
  const { user, isLoading } = useAuth();
  const [params] = useSearchParams();
  const [path] = useLocation();
  const search = useSearch();
  const plan = planById(params.get('plan'));

  if (isLoading) return <Waiting label="Checking authentication..." />;
  if (!user) {
    return (
      <>
        <Waiting label="Redirecting to login..." />
        <Redirect to={signInPathFor(search ? `${path}?${search}` : path)} replace />
      </>
    );
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-slate-200 border-b bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6">
          <BrandLogo />
          <Button asChild variant="outline" size="sm">
            <Link href={homePathFor(user)}>Dashboard</Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <h1 className="font-bold text-3xl text-slate-900 tracking-tight">Complete your setup</h1>
        <p className="mt-2 text-slate-600">
          Review your plan and add a payment method for your reports.
        </p>
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <PlanSummaryCard plan={plan} />
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <CreditCard className="size-5 text-blue-600" aria-hidden="true" />
                Payment Information
              </CardTitle>
              <CardDescription>Cards are handled by our secure payment provider.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4 text-slate-600">
              <p>
                Adding a card online is not open yet. Nothing is charged in the meantime, and you
                can already share your customer form link from your dashboard.
              </p>
              <Button asChild variant="secondary">
                <Link href={homePathFor(user)}>Go to Dashboard</Link>
              </Button>
            </CardContent>
          </Card>
        </div>
        <Button asChild variant="outline" className="mt-8">
          <Link href="/pricing">
            <ArrowLeft aria-hidden="true" />
            Back to Pricing
          </Link>
        </Button>
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
