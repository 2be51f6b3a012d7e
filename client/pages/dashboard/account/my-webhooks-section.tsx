import type { User } from '@common/api.ts';
import { USER_WEBHOOK_EVENT_NAMES } from '@common/webhooks.ts';
import { Webhook } from 'lucide-react';
import { TitledCard } from '@/components/titled-card.tsx';
import { CardContent } from '@/components/ui/card.tsx';
import { WebhookEndpoints } from '@/components/webhooks/webhook-endpoints.tsx';
import type { WebhookScope } from '@/components/webhooks/webhook-scope.ts';

/** A premium user's own endpoints: their connections' few events, paused and resumed at will. */
const MY_WEBHOOKS: WebhookScope = {
  basePath: '/api/my/webhooks',
  events: USER_WEBHOOK_EVENT_NAMES,
  pauseResume: true,
};

/** Account & API tab: a premium user's own webhooks, signed like the admins'. */
export function MyWebhooksSection({ user }: { user: User }) {
  const premium = user.planType === 'premium';
  return (
    <TitledCard
      id="my-webhooks-heading"
      icon={Webhook}
      title="Webhooks"
      description={
        premium
          ? 'Your own software hears, as it happens, when one of your connections arrives, its credentials are checked, or its report is ready.'
          : 'With the Monthly Subscription plan, webhooks come with API access: your own software hears when your connections arrive, are checked, or their reports are ready.'
      }
    >
      {premium && (
        <CardContent>
          <WebhookEndpoints
            scope={MY_WEBHOOKS}
            intro={
              <p>
                Each message carries{' '}
                <code className="font-mono text-xs">
                  X-Webhook-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;
                </code>
                , the HMAC-SHA256 of <code className="font-mono text-xs">t.body</code> with the
                endpoint's signing secret: check it before trusting the message.
              </p>
            }
          />
        </CardContent>
      )}
    </TitledCard>
  );
}
