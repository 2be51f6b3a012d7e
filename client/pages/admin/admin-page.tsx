import { Menu } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useSearch } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { Sheet, SheetContent } from '@/components/ui/sheet.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { formatToday } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { AdminNav } from './admin-nav.tsx';
import { viewIdFromSearch } from './admin-view-param.ts';
import { ADMIN_VIEW_IDS, ADMIN_VIEWS } from './admin-views.ts';

/** The admin shell: side navigation, a header with the view's title, the view. */
export default function AdminPage() {
  const { user } = useAuth();
  const viewId = viewIdFromSearch(useSearch(), ADMIN_VIEW_IDS);
  const view = ADMIN_VIEWS.find(({ id }) => id === viewId) ?? ADMIN_VIEWS[0];
  const [drawerOpen, setDrawerOpen] = useState(false);
  usePageTitle(view.title);
  // ProtectedRoute renders this page only for a signed-in admin.
  if (!user) return null;
  const View = view.component;

  return (
    <div className="min-h-dvh bg-slate-50 lg:flex">
      <aside className="hidden border-slate-200 border-r bg-white lg:sticky lg:top-0 lg:block lg:h-dvh lg:w-64 lg:shrink-0">
        <AdminNav user={user} current={view.id} />
      </aside>
      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent id="admin-drawer" title="Navigation">
          <AdminNav user={user} current={view.id} onNavigate={() => setDrawerOpen(false)} />
        </SheetContent>
      </Sheet>
      <div className="min-w-0 flex-1">
        <header className="flex items-center gap-3 border-slate-200 border-b bg-white px-4 py-5 sm:px-8">
          <Button
            variant="ghost"
            size="icon"
            className="-ml-2 lg:hidden"
            aria-label="Open navigation"
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? 'admin-drawer' : undefined}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu className="size-5!" aria-hidden="true" />
          </Button>
          <div className="min-w-0">
            <h1 className="font-bold text-2xl text-slate-900 tracking-tight">{view.title}</h1>
            <p className="mt-1 text-slate-600 text-sm">{formatToday()}</p>
          </div>
        </header>
        <main className="px-4 py-8 sm:px-8">
          <Suspense
            fallback={
              <div className="flex justify-center py-16">
                <Spinner />
              </div>
            }
          >
            <View />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
