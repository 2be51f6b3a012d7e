import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import type { UrlGuard } from '../../lib/browser/index.ts';

const TIMEOUT_MS = 10_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, as Stripe signs its events. */
export function signature(secret: string, body: string, timestamp: number): string {
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

/** Sends one delivery; throws (so the job retries) unless the endpoint answered 2xx. */
export async function deliver(db: Db, guard: UrlGuard, deliveryId: number, now = () => Date.now()) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  if (!row || row.delivery.status === 'succeeded') return;
  const body = JSON.stringify({ id: row.delivery.id, ...row.delivery.payload });
  let status = 0;
  let error: string | null = null;
  try {
    await guard.checkUrl(row.endpoint.url);
    status = await post(
      new URL(row.endpoint.url),
      body,
      {
        'content-type': 'application/json',
        'user-agent': 'UtilityReports-Webhooks/1',
        'x-webhook-event': row.delivery.event,
        'x-webhook-delivery': String(row.delivery.id),
        'x-webhook-signature': signature(row.endpoint.secret, body, Math.floor(now() / 1000)),
      },
      guard,
    );
    if (status < 200 || status >= 300) error = `The endpoint answered HTTP ${status}`;
  } catch (e) {
    error = (e as Error).message;
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
