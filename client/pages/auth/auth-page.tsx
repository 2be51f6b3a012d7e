import { Redirect, useSearchParams } from 'wouter';
import { BrandLogo } from '@/components/brand-logo.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { afterSignInPath } from '@/lib/redirects.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { MarketingPanel } from './marketing-panel.tsx';
import { RegisterForm } from './register-form.tsx';

type Tab = 'login' | 'register';

export default function AuthPage() {
  const { user, isLoading } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'register' ? 'register' : 'login';
  const forgot = params.get('forgot') === '1';
  usePageTitle(forgot ? 'Reset Password' : tab === 'register' ? 'Create Account' : 'Sign In');

  if (isLoading) return <PageSpinner />;
  // Signed in already, or just now: continue to where the visitor was going.
  if (user) return <Redirect to={afterSignInPath(user, params.get('redirect'))} replace />;

  function selectTab(next: string) {
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        if (next === 'register') updated.set('tab', 'register');
        else updated.delete('tab');
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <main className="flex flex-col px-4 py-8 sm:px-8">
        <BrandLogo className="self-start" />
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <h1 className="font-bold text-3xl text-slate-900 tracking-tight">
            {forgot
              ? 'Forgot your password?'
              : tab === 'login'
                ? 'Welcome back'
                : 'Create your account'}
          </h1>
          <p className="mt-2 text-slate-600">
            {forgot
              ? 'Enter your username or email and we will email you a link to choose a new password.'
              : tab === 'login'
                ? 'Sign in to manage your connections and reports.'
                : 'Start collecting utility data from your customers in minutes.'}
          </p>
          {forgot ? (
            <ForgotPasswordForm />
          ) : (
            <Tabs value={tab} onValueChange={selectTab} className="mt-8">
              <TabsList className="w-full">
                <TabsTrigger value="login">Login</TabsTrigger>
                <TabsTrigger value="register">Register</TabsTrigger>
              </TabsList>
              <TabsContent value="login">
                <LoginForm />
              </TabsContent>
              <TabsContent value="register">
                <RegisterForm />
              </TabsContent>
            </Tabs>
          )}
        </div>
      </main>
      <MarketingPanel />
    </div>
  );
}
