import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { RefusedUrlError, type UrlGuard } from '../../lib/browser/index.ts';

const TIMEOUT_MS = 10_000;

export const OWNER_LEFT_PLAN =
  'Not sent: the endpoint belongs to a user who is no longer on the Monthly Subscription plan.';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, as Stripe signs its events. */
function signature(secret: string, body: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * POSTs a JSON body. The host is resolved through the guard and the connection goes to that
 * checked address, so a name that re-resolves to a private address between check and connect
 * (DNS rebinding) cannot reach inside.
 */
function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  guard: UrlGuard,
): Promise<number> {
  const lookup: LookupFunction = (hostname, options, callback) => {
    guard.resolve(hostname).then(
      ({ address, family }) => {
        if ((options as { all?: boolean }).all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup,
        timeout: TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)),
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Why an address was refused, in webhook terms; only admins can change the allow-list. */
function refusal(error: RefusedUrlError, forAdmins: boolean): string {
  const hint =
    forAdmins && !error.unresolved ? ' To allow it, add the host to WEBHOOK_ALLOWED_HOSTS.' : '';
  return `${error.url} cannot receive webhooks: ${error.reason}.${hint}`;
}

/** Sends one delivery; throws (so the job retries) unless the endpoint answered 2xx. */
export async function deliver(db: Db, guard: UrlGuard, deliveryId: number, now = () => Date.now()) {
  const [row] = await db
    .select({
      delivery: webhookDeliveries,
      endpoint: webhookEndpoints,
      owner: { planType: users.planType, isActive: users.isActive },
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .leftJoin(users, eq(users.id, webhookEndpoints.userId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  if (!row || row.delivery.status === 'succeeded') return;
  // A retry can come after a user's plan ended: their endpoints hear nothing more.
  const { endpoint, owner } = row;
  if (endpoint.userId !== null && !(owner?.isActive && owner.planType === 'premium')) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: OWNER_LEFT_PLAN })
      .where(eq(webhookDeliveries.id, deliveryId));
    return;
  }
  const body = JSON.stringify({ id: row.delivery.id, ...row.delivery.payload });
  let status = 0;
  let error: string | null = null;
  try {
    await guard.checkUrl(endpoint.url);
    status = await post(
      new URL(endpoint.url),
      body,
      {
        'content-type': 'application/json',
        'user-agent': 'UtilityReports-Webhooks/1',
        'x-webhook-event': row.delivery.event,
        'x-webhook-delivery': String(row.delivery.id),
        'x-webhook-signature': signature(endpoint.secret, body, Math.floor(now() / 1000)),
      },
      guard,
    );
    if (status < 200 || status >= 300) error = `The endpoint answered HTTP ${status}`;
  } catch (e) {
    error =
      e instanceof RefusedUrlError ? refusal(e, endpoint.userId === null) : (e as Error).message;
  }
  await db
    .update(webhookDeliveries)
    .set({
      status: error ? 'failed' : 'succeeded',
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      responseStatus: status || null,
      lastError: error,
      deliveredAt: error ? null : new Date(),
    })
    .where(eq(webhookDeliveries.id, deliveryId));
  if (error) throw new Error(`Webhook delivery ${deliveryId} failed: ${error}`);
}
