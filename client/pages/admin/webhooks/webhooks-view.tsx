import { WEBHOOK_EVENT_NAMES } from '@common/webhooks.ts';
import { WebhookEndpoints } from '@/components/webhooks/webhook-endpoints.tsx';
import type { WebhookScope } from '@/components/webhooks/webhook-scope.ts';
import { SignatureHelp } from './signature-help.tsx';

/** The admins' endpoints hear every event of every connection, and failed deliveries retry. */
const ADMIN_WEBHOOKS: WebhookScope = {
  basePath: '/api/webhooks',
  events: WEBHOOK_EVENT_NAMES,
  retry: true,
};

/**
 * Webhook Configuration: endpoints that hear about connections, their signed deliveries, and
 * retries, with how an integrator checks a delivery's signature.
 */
export default function WebhooksView() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <WebhookEndpoints
        scope={ADMIN_WEBHOOKS}
        intro={
          <p>
            Send your own systems a signed message the moment a customer submits the form, a
            connection changes status, a file arrives or credentials are checked.
          </p>
        }
      />
      <SignatureHelp />
    </div>
  );
}
