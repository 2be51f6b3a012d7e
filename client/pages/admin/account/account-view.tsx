import { UserRound } from 'lucide-react';
import { DeleteOwnAccount } from '@/components/delete-own-account.tsx';
import { ChangeEmailForm, ChangePasswordForm } from '@/components/own-account-forms.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { CardContent } from '@/components/ui/card.tsx';
import { useAuth } from '@/lib/auth.tsx';

/**
 * The admin's own account: how they sign in, and the address alerts about waiting work go to
 * (an admin without one is not emailed).
 */
export default function AccountView() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <TitledCard
      id="admin-account-heading"
      icon={UserRound}
      title="Your Account"
      description="How you sign in, and where alerts about work waiting for a person are sent."
    >
      <CardContent className="grid gap-6">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Username</dt>
            <dd className="break-words font-medium text-slate-900">{user.username}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Email</dt>
            <dd className="break-words font-medium text-slate-900">
              {user.email ?? 'Not set: you receive no alerts'}
            </dd>
          </div>
        </dl>
        <div className="grid gap-8 border-slate-100 border-t pt-6 md:grid-cols-2">
          <ChangeEmailForm user={user} />
          <ChangePasswordForm />
        </div>
        <DeleteOwnAccount />
      </CardContent>
    </TitledCard>
  );
}
