import { TitledCard } from '@/components/titled-card.tsx';
import { CardContent } from '@/components/ui/card.tsx';

const EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received, before JSON parsing.
export function isFromUtilityReports(rawBody, signatureHeader, secret) {
  const parts = Object.fromEntries(signatureHeader.split(',').map((p) => p.split('=')));
  const expected = createHmac('sha256', secret).update(\`\${parts.t}.\${rawBody}\`).digest('hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
  return (
    fresh &&
    typeof parts.v1 === 'string' &&
    parts.v1.length === expected.length &&
    timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected))
  );
}`;

/** How an integrator checks that a delivery came from us, with code to copy. */
export function SignatureHelp() {
  return (
    <TitledCard
      id="webhook-signature"
      title="Verifying deliveries"
      description="Every delivery is a JSON POST signed with the endpoint's secret. Check the signature before trusting the body."
    >
      <CardContent className="grid grid-cols-1 gap-4 text-slate-700 text-sm">
        <ul className="grid gap-1.5">
          <li>
            <code className="font-mono text-xs">X-Webhook-Event</code>: the event, such as{' '}
            <code className="font-mono text-xs">connection.created</code> (
            <code className="font-mono text-xs">ping</code> for a test).
          </li>
          <li>
            <code className="font-mono text-xs">X-Webhook-Delivery</code>: the delivery id; a
            retried delivery keeps it, so use it to ignore repeats.
          </li>
          <li>
            <code className="font-mono text-xs">
              X-Webhook-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;
            </code>
            , where <code className="font-mono text-xs">v1</code> is the HMAC-SHA256 of{' '}
            <code className="font-mono text-xs">&lt;t&gt;.&lt;raw body&gt;</code> keyed with the
            signing secret.
          </li>
        </ul>
        <p>
          Compute the HMAC over the raw body, compare it in constant time, and reject a timestamp
          more than five minutes old. Answer with any 2xx within 10 seconds; anything else is
          retried with backoff up to five times. The body is{' '}
          <code className="font-mono text-xs">{'{ id, event, createdAt, data }'}</code> and never
          carries credentials.
        </p>
        <pre className="overflow-x-auto rounded-md bg-slate-900 p-4 font-mono text-slate-100 text-xs leading-relaxed">
          <code>{EXAMPLE}</code>
        </pre>
      </CardContent>
    </TitledCard>
  );
}
