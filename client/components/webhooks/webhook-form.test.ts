import {
  USER_WEBHOOK_EVENT_NAMES,
  WEBHOOK_EVENT_NAMES,
  type WebhookEndpoint,
} from '@common/webhooks.ts';
import { describe, expect, it } from 'vitest';
import { checkWebhook, emptyWebhookForm, webhookFormValues } from './webhook-form.ts';

const EMPTY = emptyWebhookForm(WEBHOOK_EVENT_NAMES);

describe('checkWebhook', () => {
  it('says what the server would', () => {
    expect(checkWebhook(EMPTY)).toEqual({ ok: false, message: 'URL is required' });
    expect(checkWebhook({ ...EMPTY, url: 'ftp://example.com/hook' })).toEqual({
      ok: false,
      message: 'URL must be a valid http(s) URL',
    });
    expect(checkWebhook({ ...EMPTY, url: 'https://example.com/hook', events: [] })).toEqual({
      ok: false,
      message: 'Choose at least one event',
    });
  });

  it('sends a trimmed URL, an empty description as null, the events and the active flag', () => {
    expect(
      checkWebhook({
        url: ' https://example.com/hook ',
        description: '  ',
        events: ['connection.created'],
        isActive: false,
      }),
    ).toEqual({
      ok: true,
      body: {
        url: 'https://example.com/hook',
        description: null,
        events: ['connection.created'],
        isActive: false,
      },
    });
  });
});

describe('form values', () => {
  const endpoint: WebhookEndpoint = {
    id: 1,
    url: 'https://example.com/hook',
    description: null,
    secret: 'whsec_x',
    events: ['report.ready', 'connection.file_added'],
    isActive: true,
    failedDeliveries: 0,
    lastDelivery: null,
    createdAt: '2024-11-22T12:00:00.000Z',
  };

  it("starts a new endpoint on every event of the screen's list", () => {
    expect(EMPTY.events).toEqual([...WEBHOOK_EVENT_NAMES]);
    expect(emptyWebhookForm(USER_WEBHOOK_EVENT_NAMES).events).toEqual([
      ...USER_WEBHOOK_EVENT_NAMES,
    ]);
  });

  it('edits an endpoint as saved, with the events its screen may offer', () => {
    expect(webhookFormValues(endpoint, WEBHOOK_EVENT_NAMES)).toEqual({
      url: 'https://example.com/hook',
      description: '',
      events: ['connection.file_added', 'report.ready'],
      isActive: true,
    });
    expect(webhookFormValues(endpoint, USER_WEBHOOK_EVENT_NAMES).events).toEqual(['report.ready']);
  });
});
