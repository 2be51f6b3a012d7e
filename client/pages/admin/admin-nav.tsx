import type { User } from '@common/api.ts';
import { Link } from 'wouter';
import { BrandLogo } from '@/components/brand-logo.tsx';
import { SignOutButton } from '@/components/sign-out-button.tsx';
import { cn } from '@/lib/utils.ts';
import { adminViewHref } from './admin-view-param.ts';
import { ADMIN_VIEWS, type AdminViewId, DEFAULT_ADMIN_VIEW } from './admin-views.ts';

/** The side navigation: the views, then who is signed in and Sign Out. */
export function AdminNav({
  user,
  current,
  onNavigate,
}: {
  user: User;
  current: AdminViewId;
  /** Called after a view is chosen (the drawer closes itself). */
  onNavigate?: () => void;
}) {
  return (
    <div className="flex h-full flex-col gap-8 p-6">
      <BrandLogo />
      <nav aria-label="Admin">
        <ul className="grid gap-1">
          {ADMIN_VIEWS.map(({ id, label, icon: Icon }) => (
            <li key={id}>
              <Link
                href={adminViewHref(id, DEFAULT_ADMIN_VIEW)}
                aria-current={id === current ? 'page' : undefined}
                onClick={onNavigate}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 font-medium text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500',
                  id === current
                    ? 'bg-blue-50 text-blue-700'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-auto grid gap-3 border-slate-200 border-t pt-6">
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
        <SignOutButton className="w-full" />
      </div>
    </div>
  );
}
