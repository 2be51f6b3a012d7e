import type { WebhookEvent } from '@common/webhooks.ts';

/**
 * Whose endpoints a webhooks screen shows: the admins' (every connection, every event) or a
 * premium user's own (their connections, a few events). The screens differ only by this.
 */
export type WebhookScope = {
  /** The endpoints' address: `/api/webhooks`, `/api/my/webhooks`. */
  basePath: string;
  /** The events an endpoint here may hear, in the order the form lists them. */
  events: readonly WebhookEvent[];
  /** A failed delivery can be sent again (the retry route is the admins'). */
  retry?: boolean;
  /** The card pauses and resumes its endpoint in one click. */
  pauseResume?: boolean;
};
