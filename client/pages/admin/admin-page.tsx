import { BrandLogo } from '@/components/brand-logo.tsx';
import { FormLinkCard } from '@/components/form-link-card.tsx';
import { SignOutButton } from '@/components/sign-out-button.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { formatToday } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';

export default function AdminPage() {
  usePageTitle('Admin Dashboard');
  const { user } = useAuth();
  // ProtectedRoute renders this page only for a signed-in admin.
  if (!user) return null;

  return (
    <div className="min-h-dvh bg-slate-50 lg:flex">
      <aside className="flex flex-wrap items-center justify-between gap-3 border-slate-200 border-b bg-white px-4 py-3 lg:sticky lg:top-0 lg:h-dvh lg:w-64 lg:flex-col lg:items-stretch lg:border-r lg:border-b-0 lg:p-6">
        <BrandLogo />
        <div className="flex items-center gap-3 lg:flex-col lg:items-stretch">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-blue-600 font-semibold text-white uppercase"
            >
              {user.username.charAt(0)}
            </span>
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900 text-sm">{user.username}</p>
              <p className="text-slate-500 text-xs">Administrator</p>
            </div>
          </div>
          <SignOutButton className="lg:w-full" />
        </div>
      </aside>
      <div className="flex-1">
        <header className="border-slate-200 border-b bg-white px-4 py-5 sm:px-8">
          <h1 className="font-bold text-2xl text-slate-900 tracking-tight">Admin Dashboard</h1>
          <p className="mt-1 text-slate-600 text-sm">{formatToday()}</p>
        </header>
        <main className="grid gap-6 px-4 py-8 sm:px-8">
          <FormLinkCard uniqueFormUrl={user.uniqueFormUrl} />
        </main>
      </div>
    </div>
  );
}
