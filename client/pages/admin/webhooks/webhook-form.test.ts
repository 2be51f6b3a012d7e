import { WEBHOOK_EVENT_NAMES, type WebhookEndpoint } from '@common/webhooks.ts';
import { describe, expect, it } from 'vitest';
import { checkWebhook, EMPTY_WEBHOOK_FORM, webhookFormValues } from './webhook-form.ts';

describe('checkWebhook', () => {
  it('says what the server would', () => {
    expect(checkWebhook(EMPTY_WEBHOOK_FORM)).toEqual({ ok: false, message: 'URL is required' });
    expect(checkWebhook({ ...EMPTY_WEBHOOK_FORM, url: 'ftp://example.com/hook' })).toEqual({
      ok: false,
      message: 'URL must be a valid http(s) URL',
    });
    expect(
      checkWebhook({ ...EMPTY_WEBHOOK_FORM, url: 'https://example.com/hook', events: [] }),
    ).toEqual({ ok: false, message: 'Choose at least one event' });
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
  it('starts a new endpoint on every event, and edits an endpoint as saved', () => {
    expect(EMPTY_WEBHOOK_FORM.events).toEqual([...WEBHOOK_EVENT_NAMES]);
    const endpoint: WebhookEndpoint = {
      id: 1,
      url: 'https://example.com/hook',
      description: null,
      secret: 'whsec_x',
      events: ['connection.file_added'],
      isActive: true,
      failedDeliveries: 0,
      lastDelivery: null,
      createdAt: '2024-11-22T12:00:00.000Z',
    };
    expect(webhookFormValues(endpoint)).toEqual({
      url: 'https://example.com/hook',
      description: '',
      events: ['connection.file_added'],
      isActive: true,
    });
  });
});
