import type { PlanType } from '@common/api.ts';
import { PLANS } from '@common/plans.ts';
import { FileText } from 'lucide-react';
import { Link } from 'wouter';
import { BrandLogo } from '@/components/brand-logo.tsx';
import { FormLinkCard } from '@/components/form-link-card.tsx';
import { SignOutButton } from '@/components/sign-out-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';

const PLAN_LABELS: Record<PlanType, string> = {
  free: 'Free',
  basic: PLANS.basic.name,
  premium: PLANS.premium.name,
};

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  // ProtectedRoute renders this page only for a signed-in user.
  if (!user) return null;

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-slate-200 border-b bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
          <BrandLogo />
          <div className="flex items-center gap-3">
            <span className="hidden text-slate-600 text-sm sm:inline">{user.username}</span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h1 className="font-bold text-3xl text-slate-900 tracking-tight">Dashboard</h1>
        <p className="mt-2 text-lg text-slate-600">
          Welcome, <span className="font-semibold text-slate-900">{user.username}</span>
        </p>
        <div className="mt-8 grid gap-6">
          <FormLinkCard uniqueFormUrl={user.uniqueFormUrl} />
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <FileText className="size-5 text-blue-600" aria-hidden="true" />
                Your Plan
              </CardTitle>
              <CardDescription>
                Current plan:{' '}
                <span className="font-medium text-slate-900">{PLAN_LABELS[user.planType]}</span>
              </CardDescription>
            </CardHeader>
            <CardContent>
              <p className="text-slate-600">
                Choose a plan and add a payment method to request reports for your customers'
                accounts.
              </p>
              <Button asChild className="mt-4">
                <Link href="/pricing">View Plans</Link>
              </Button>
            </CardContent>
          </Card>
        </div>
      </main>
    </div>
  );
}
