import { NOTICE_KIND_LABELS, NOTICE_KINDS, type NotificationSettings } from '@common/notices.ts';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { FormProblem } from '@/components/form-dialog-parts.tsx';
import { QueryView } from '@/components/query-states.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { CardContent } from '@/components/ui/card.tsx';
import { SwitchField } from '@/components/ui/switch-field.tsx';
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '../notices/notices-queries.ts';

/** One switch per kind of notice: each change is saved at once. */
function EmailSwitches({ settings }: { settings: NotificationSettings }) {
  const save = useUpdateNotificationSettings();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="grid gap-3">
      {NOTICE_KINDS.map((kind) => (
        <SwitchField
          key={kind}
          label={NOTICE_KIND_LABELS[kind]}
          checked={settings.email[kind]}
          disabled={save.isPending}
          onCheckedChange={(checked) => {
            setProblem(null);
            save.mutate(
              { email: { ...settings.email, [kind]: checked } },
              { onError: (error) => setProblem(error.message) },
            );
          }}
        />
      ))}
      <FormProblem problem={problem} />
    </div>
  );
}

/** Which notices about the user's clients also come by email; the dashboard keeps them all. */
export function NotificationSettingsSection() {
  const settings = useNotificationSettings();
  return (
    <TitledCard
      id="notification-settings-heading"
      icon={Mail}
      title="Email Notices"
      description="Choose what we email you about your clients. Every notice stays listed on your dashboard."
    >
      <CardContent>
        <QueryView
          query={settings}
          loading="Loading email settings..."
          failed="Email settings could not be loaded"
        >
          {(data) => <EmailSwitches settings={data} />}
        </QueryView>
      </CardContent>
    </TitledCard>
  );
}
