import { FormLinkCard } from '@/components/form-link-card.tsx';
import { useAuth } from '@/lib/auth.tsx';

/** The admin's overview. Stats and recent connections arrive with the connections issue. */
export default function DashboardView() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="grid gap-6">
      <FormLinkCard uniqueFormUrl={user.uniqueFormUrl} />
    </div>
  );
}
