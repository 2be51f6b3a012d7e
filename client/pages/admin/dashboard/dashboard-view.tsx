import { FormLinkCard } from '@/components/form-link-card.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { OutboxCard } from '../outbox/outbox-card.tsx';
import { AttentionCard } from './attention-card.tsx';
import { QuickActions } from './quick-actions.tsx';
import { RecentConnections } from './recent-connections.tsx';
import { StatCards } from './stat-cards.tsx';
import { SystemWarnings } from './system-warnings.tsx';

/** The admin's overview: figures, what needs a person, form link, latest submissions, shortcuts. */
export default function DashboardView() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="grid gap-6">
      <SystemWarnings />
      <StatCards />
      <AttentionCard />
      <FormLinkCard uniqueFormUrl={user.uniqueFormUrl} />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <RecentConnections />
        <QuickActions />
      </div>
      <OutboxCard />
    </div>
  );
}
