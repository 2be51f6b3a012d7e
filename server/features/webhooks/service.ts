import {
  USER_WEBHOOK_EVENT_NAMES,
  WEBHOOK_EVENT_NAMES,
  WEBHOOKS_PREMIUM_ONLY,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookInput,
} from '../../../common/webhooks.ts';
import type { Db } from '../../db/client.ts';
import { RefusedUrlError, type UrlGuard } from '../../lib/browser/index.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import type { DomainEvents } from '../../lib/events.ts';
import type { JobQueue } from '../../lib/jobs/queue.ts';
import {
  activeSubscriptions,
  createEndpoint,
  deleteEndpoint,
  deleteEndpointsOf,
  type EndpointOwner,
  findDelivery,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  ownerSubscriptions,
  recordDeliveries,
  toDelivery,
  updateEndpoint,
} from './endpoints.ts';
import { webhookDeliveryJob } from './jobs.ts';

/**
 * Subscriptions are read at most this often: every customer submission emits an event, and
 * most installations have few endpoints that rarely change. Changes made in this process apply
 * at once; other processes see them within this time.
 */
const SUBSCRIPTIONS_TTL_MS = 5_000;

/**
 * Webhooks: the endpoints admins and premium users register, and the signed deliveries of the
 * domain events they subscribe to, each sent by a background job.
 */
export class WebhooksService {
  /** The admins' subscriptions as last read, and when (see SUBSCRIPTIONS_TTL_MS). */
  private subscriptions?: { at: number; list: Promise<{ id: number; events: string[] }[]> };

  constructor(
    private readonly deps: {
      db: Db;
      queue: Pick<JobQueue, 'enqueue' | 'enqueueMany'>;
      /** Decides which hosts users' endpoints may point to. */
      guard: UrlGuard;
    },
  ) {}

  /** Delivers every connection event to the endpoints that subscribe to it. */
  subscribeTo(events: DomainEvents): void {
    for (const name of WEBHOOK_EVENT_NAMES) {
      events.on(name, (data) => this.announce(name, data));
    }
  }

  /**
   * Records and queues an event for its subscribers: the admins' endpoints, and the endpoints
   * of the connection's owner when they are premium; `onlyEndpoint` sends to that one alone.
   */
  async announce(event: WebhookEvent | 'ping', data: object, onlyEndpoint?: number) {
    const endpointIds =
      onlyEndpoint !== undefined ? [onlyEndpoint] : await this.subscribersOf(event, data);
    const ids = await recordDeliveries(this.deps.db, endpointIds, event, { ...data });
    await this.deps.queue.enqueueMany(
      webhookDeliveryJob,
      ids.map((deliveryId) => ({ deliveryId })),
    );
    return ids;
  }

  private async subscribersOf(event: WebhookEvent | 'ping', data: object): Promise<number[]> {
    const admins = (await this.current()).filter((e) => e.events.includes(event)).map((e) => e.id);
    const connectionId = (data as { connectionId?: unknown }).connectionId;
    const forUsers = (USER_WEBHOOK_EVENT_NAMES as readonly string[]).includes(event);
    if (!forUsers || typeof connectionId !== 'number') return admins;
    const owners = await ownerSubscriptions(this.deps.db, connectionId, event as WebhookEvent);
    return [...admins, ...owners];
  }

  private current() {
    const now = Date.now();
    if (!this.subscriptions || now - this.subscriptions.at > SUBSCRIPTIONS_TTL_MS) {
      const list = activeSubscriptions(this.deps.db);
      list.catch(() => {
        this.subscriptions = undefined;
      });
      this.subscriptions = { at: now, list };
    }
    return this.subscriptions.list;
  }

  /** The owner a user acts as: themselves, and only on the Monthly Subscription plan. */
  static ownerFor(user: { id: number; planType: string }): EndpointOwner {
    if (user.planType !== 'premium') throw forbidden(WEBHOOKS_PREMIUM_ONLY);
    return { userId: user.id };
  }

  /**
   * A user's URL must not point inside our network (loopback, private, link-local, cloud
   * metadata): refused when saved, with the reason, as well as at every delivery. A name that
   * does not resolve yet is accepted; its deliveries fail until it does. The admins' endpoints
   * are checked at delivery only (WEBHOOK_ALLOWED_HOSTS may let them reach inside).
   */
  private async checkAddress(url: string, owner: EndpointOwner): Promise<void> {
    if (owner === 'admins') return;
    try {
      await this.deps.guard.checkUrl(url);
    } catch (error) {
      if (!(error instanceof RefusedUrlError)) throw error;
      if (error.unresolved) return;
      throw badRequest(`${url} cannot receive webhooks: ${error.reason}. Use a public address.`);
    }
  }

  list(owner: EndpointOwner): Promise<WebhookEndpoint[]> {
    return listEndpoints(this.deps.db, owner);
  }

  async create(
    input: WebhookInput,
    actorId: number,
    owner: EndpointOwner,
  ): Promise<WebhookEndpoint> {
    await this.checkAddress(input.url, owner);
    const endpoint = await createEndpoint(this.deps.db, input, actorId, owner);
    this.subscriptions = undefined;
    return endpoint;
  }

  async update(id: number, input: WebhookInput, owner: EndpointOwner): Promise<WebhookEndpoint> {
    await getEndpoint(this.deps.db, id, owner);
    await this.checkAddress(input.url, owner);
    const endpoint = await updateEndpoint(this.deps.db, id, input, owner);
    this.subscriptions = undefined;
    return endpoint;
  }

  async delete(id: number, owner: EndpointOwner): Promise<void> {
    await deleteEndpoint(this.deps.db, id, owner);
    this.subscriptions = undefined;
  }

  /** A deleted account's endpoints and their deliveries. */
  async deleteOwnedBy(userId: number): Promise<void> {
    await deleteEndpointsOf(this.deps.db, userId);
    this.subscriptions = undefined;
  }

  /** A signed `ping` to one endpoint, whatever it subscribes to. */
  async sendTest(id: number, owner: EndpointOwner): Promise<void> {
    const endpoint = await getEndpoint(this.deps.db, id, owner);
    await this.announce('ping', { message: 'Test delivery from UtilityReports' }, endpoint.id);
  }

  async deliveries(endpointId: number, owner: EndpointOwner) {
    return (await listDeliveries(this.deps.db, endpointId, owner)).map(toDelivery);
  }

  async retryDelivery(deliveryId: number, owner: EndpointOwner): Promise<void> {
    const delivery = await findDelivery(this.deps.db, deliveryId, owner);
    await this.deps.queue.enqueue(webhookDeliveryJob, { deliveryId: delivery.id });
  }
}
