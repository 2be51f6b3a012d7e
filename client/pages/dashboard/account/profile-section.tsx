import type { User } from '@common/api.ts';
import { planTypeLabel } from '@common/plans.ts';
import { UserRound } from 'lucide-react';
import { DeleteOwnAccount } from '@/components/delete-own-account.tsx';
import { ChangeEmailForm, ChangePasswordForm } from '@/components/own-account-forms.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { CardContent } from '@/components/ui/card.tsx';

/** Account & API tab: who is signed in, and their email and password. */
export function ProfileSection({ user }: { user: User }) {
  return (
    <TitledCard
      id="profile-heading"
      icon={UserRound}
      title="Your Account"
      description="How you sign in, and where we send your notices."
    >
      <CardContent className="grid gap-6">
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">Username</dt>
            <dd className="break-words font-medium text-slate-900">{user.username}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Email</dt>
            <dd className="break-words font-medium text-slate-900">{user.email ?? 'Not set'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Plan</dt>
            <dd className="font-medium text-slate-900">{planTypeLabel(user.planType)}</dd>
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
