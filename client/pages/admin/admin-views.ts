import {
  BellRing,
  Building2,
  Cable,
  FileText,
  LayoutDashboard,
  type LucideIcon,
  UserRound,
  Users,
  Webhook,
} from 'lucide-react';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { DEFAULT_ADMIN_VIEW } from './admin-view-param.ts';

export type AdminView = {
  id: string;
  /** The navigation entry. */
  label: string;
  /** The header's title while the view is shown. */
  title: string;
  icon: LucideIcon;
  component: LazyExoticComponent<ComponentType>;
};

/**
 * The admin shell's views, in navigation order; the first is the default. Each is its own
 * chunk. A later view (User Management, Utility Reports) is one entry; none is listed
 * before it works, so the navigation never leads to an empty page.
 */
export const ADMIN_VIEWS = [
  {
    id: 'dashboard',
    label: 'Dashboard',
    title: 'Admin Dashboard',
    icon: LayoutDashboard,
    component: lazy(() => import('./dashboard/dashboard-view.tsx')),
  },
  {
    id: 'attention',
    label: 'Needs Attention',
    title: 'Needs Attention',
    icon: BellRing,
    component: lazy(() => import('./attention/attention-view.tsx')),
  },
  {
    id: 'connections',
    label: 'Connections',
    title: 'Connection Management',
    icon: Cable,
    component: lazy(() => import('./connections/connections-view.tsx')),
  },
  {
    id: 'providers',
    label: 'Utility Providers',
    title: 'Utility Providers',
    icon: Building2,
    component: lazy(() => import('./providers/providers-view.tsx')),
  },
  {
    id: 'users',
    label: 'User Management',
    title: 'User Management',
    icon: Users,
    component: lazy(() => import('./users/users-view.tsx')),
  },
  {
    id: 'reports',
    label: 'Utility Reports',
    title: 'Utility Reports',
    icon: FileText,
    component: lazy(() => import('./reports/reports-view.tsx')),
  },
  {
    id: 'webhooks',
    label: 'Webhooks',
    title: 'Webhook Configuration',
    icon: Webhook,
    component: lazy(() => import('./webhooks/webhooks-view.tsx')),
  },
  {
    id: 'account',
    label: 'My Account',
    title: 'My Account',
    icon: UserRound,
    component: lazy(() => import('./account/account-view.tsx')),
  },
] as const satisfies readonly [AdminView & { id: typeof DEFAULT_ADMIN_VIEW }, ...AdminView[]];

export type AdminViewId = (typeof ADMIN_VIEWS)[number]['id'];

export const ADMIN_VIEW_IDS = ADMIN_VIEWS.map((view) => view.id) as [AdminViewId, ...AdminViewId[]];
export { DEFAULT_ADMIN_VIEW };
