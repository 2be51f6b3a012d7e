import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { ProtectedRoute } from '@/components/protected-route.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { LandingPage } from '@/pages/landing/landing-page.tsx';

// Every page but the landing page is its own chunk, so a first visit loads only what it shows.
const AuthPage = lazy(() => import('@/pages/auth/auth-page.tsx'));
const PricingPage = lazy(() => import('@/pages/pricing/pricing-page.tsx'));
const PaymentPage = lazy(() => import('@/pages/payment/payment-page.tsx'));
const CustomerFormPage = lazy(() => import('@/pages/form/customer-form-page.tsx'));
const CodePage = lazy(() => import('@/pages/form/code-page.tsx'));
const FixPage = lazy(() => import('@/pages/form/fix-page.tsx'));
const AdminPage = lazy(() => import('@/pages/admin/admin-page.tsx'));
const DashboardPage = lazy(() => import('@/pages/dashboard/dashboard-page.tsx'));
const SetPasswordPage = lazy(() => import('@/pages/set-password/set-password-page.tsx'));
const NotFoundPage = lazy(() => import('@/pages/not-found/not-found-page.tsx'));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/auth" component={AuthPage} />
        <Route path="/set-password" component={SetPasswordPage} />
        <Route path="/pricing" component={PricingPage} />
        {/* Checks the session itself, so it can say what it waits for while it does. */}
        <Route path="/payment" component={PaymentPage} />
        <Route path="/form/code/:token" component={CodePage} />
        <Route path="/form/fix/:token" component={FixPage} />
        <Route path="/form/:uniqueFormUrl" component={CustomerFormPage} />
        <Route path="/admin">
          <ProtectedRoute requiredRole="admin">
            <AdminPage />
          </ProtectedRoute>
        </Route>
        <Route path="/dashboard">
          <ProtectedRoute requiredRole="user">
            <DashboardPage />
          </ProtectedRoute>
        </Route>
        <Route path="/user-dashboard">
          <Redirect to="/dashboard" replace />
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
