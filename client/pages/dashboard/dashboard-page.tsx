import type { User } from '@common/api.ts';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { BrandLogo } from '@/components/brand-logo.tsx';
import { SignOutButton } from '@/components/sign-out-button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { AccountTab } from './account/account-tab.tsx';
import {
  type BillingDialog,
  PaymentRequiredDialog,
  PlanDialog,
} from './billing/billing-dialogs.tsx';
import { PaymentRequiredBanner } from './billing/payment-required-banner.tsx';
import { hasPaymentMethod } from './billing/payment-status.ts';
import { UsageBillingTab } from './billing/usage-billing-tab.tsx';
import { usePaymentReturn } from './billing/use-payment-return.ts';
import { useUsage } from './billing/use-usage.ts';
import { MyConnectionsTab } from './connections/my-connections-tab.tsx';
import {
  DASHBOARD_TABS,
  type DashboardTab,
  dashboardHref,
  tabFromSearch,
} from './dashboard-tabs.ts';
import { CustomerLinksTab } from './links/customer-links-tab.tsx';
import { NoticesSection } from './notices/notices-section.tsx';
import { ConfirmPaymentDialog, ConfirmReportDialog } from './reports/report-dialogs.tsx';
import { openReportRequests } from './reports/report-requests.ts';
import { useReportFlow } from './reports/use-report-flow.ts';

/** The signed-in user's dashboard: connections, form link, usage and billing. */
export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  usePaymentReturn();
  // ProtectedRoute renders this page only for a signed-in user.
  return user ? <Dashboard user={user} /> : null;
}

function Dashboard({ user }: { user: User }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [dialog, setDialog] = useState<BillingDialog>(null);
  const usage = useUsage();
  const openRequests = useMemo(() => openReportRequests(usage.data?.usage ?? []), [usage.data]);
  const reports = useReportFlow(user);
  const tab = tabFromSearch(search);

  const paying = hasPaymentMethod(user);
  const showTab = (next: DashboardTab) => navigate(dashboardHref(search, next), { replace: true });
  const closeDialog = () => setDialog(null);

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-slate-200 border-b bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <BrandLogo className="shrink-0" />
          <div className="flex min-w-0 items-center gap-3">
            <span
              className="hidden truncate font-medium text-slate-700 text-sm sm:inline"
              title={user.username}
            >
              {user.username}
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <div>
          <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
            Dashboard
          </h1>
          <p className="mt-1 break-words text-slate-600">
            Welcome, <span className="font-semibold text-slate-900">{user.username}</span>. Your
            customers' utility accounts, your customer form link and your billing.
          </p>
        </div>
        {!paying && <PaymentRequiredBanner onChoosePlan={() => setDialog('plans')} />}
        <NoticesSection />
        <Tabs value={tab} onValueChange={(value) => showTab(tabFromSearch(`tab=${value}`))}>
          <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-grid sm:grid-cols-4 sm:w-auto">
            {DASHBOARD_TABS.map(({ id, label }) => (
              <TabsTrigger
                key={id}
                value={id}
                className="h-full whitespace-normal px-2 text-xs sm:px-4 sm:text-sm"
              >
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="connections">
            <MyConnectionsTab
              openRequests={openRequests}
              // Without a payment method, the modal instead of the server: nothing could be charged.
              onGenerateReport={(connection) =>
                paying ? reports.askToConfirm(connection) : setDialog('payment-required')
              }
              onConfirmPayment={reports.resumePayment}
              onShowLinks={() => showTab('links')}
            />
          </TabsContent>
          <TabsContent value="links">
            <CustomerLinksTab uniqueFormUrl={user.uniqueFormUrl} />
          </TabsContent>
          <TabsContent value="billing">
            <UsageBillingTab onChoosePlan={() => setDialog('plans')} />
          </TabsContent>
          <TabsContent value="account">
            <AccountTab user={user} />
          </TabsContent>
        </Tabs>
      </main>
      <PaymentRequiredDialog
        open={dialog === 'payment-required'}
        onClose={closeDialog}
        onChoosePlan={() => setDialog('plans')}
      />
      <PlanDialog open={dialog === 'plans'} onClose={closeDialog} />
      <ConfirmReportDialog
        connection={reports.confirming}
        planType={user.planType}
        pending={reports.requesting}
        onConfirm={reports.requestReport}
        onCancel={reports.cancelConfirm}
      />
      <ConfirmPaymentDialog
        record={reports.awaiting}
        pending={reports.authenticating}
        onConfirm={reports.confirmPayment}
        onCancel={reports.dismissAwaiting}
      />
    </div>
  );
}
