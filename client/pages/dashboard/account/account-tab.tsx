import type { User } from '@common/api.ts';
import { ApiAccessSection } from './api-access-section.tsx';
import { BusinessSection } from './business-section.tsx';
import { MyWebhooksSection } from './my-webhooks-section.tsx';
import { NotificationSettingsSection } from './notification-settings-section.tsx';
import { ProfileSection } from './profile-section.tsx';

/**
 * The Account & API tab: the user's sign-in details, the business their customers see, and for
 * premium plans the API and webhooks.
 */
export function AccountTab({ user }: { user: User }) {
  return (
    <div className="grid gap-6">
      <ProfileSection user={user} />
      <BusinessSection />
      <NotificationSettingsSection />
      <ApiAccessSection user={user} />
      <MyWebhooksSection user={user} />
    </div>
  );
}
