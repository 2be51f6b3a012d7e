import {
  USER_WEBHOOK_EVENT_NAMES,
  WEBHOOK_EVENT_NAMES,
  type WebhookEndpoint,
} from '@common/webhooks.ts';
import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  deliveryStatus,
  endpointState,
  eventLabel,
  lastDeliveryText,
  responseText,
  toggleEvent,
} from './webhook-display.ts';

describe('webhook display', () => {
  it('names events for people, the test delivery included', () => {
    expect(eventLabel('connection.created')).toBe('A customer submitted the form');
    expect(eventLabel('ping')).toBe('Test delivery');
    expect(eventLabel('something.new')).toBe('something.new');
  });

  it('labels statuses and responses', () => {
    expect(deliveryStatus('failed').label).toBe('Failed');
    expect(deliveryStatus('succeeded').className).toContain('emerald');
    expect(deliveryStatus('odd')).toEqual({ label: 'odd', className: expect.any(String) });
    expect(responseText(500)).toBe('HTTP 500');
    expect(responseText(null)).toBe('—');
  });

  it('sums up the last delivery', () => {
    expect(lastDeliveryText(null)).toBe('No deliveries yet');
    expect(
      lastDeliveryText({ status: 'failed', responseStatus: 500, at: '2024-11-22T12:00:00.000Z' }),
    ).toMatch(/^Failed · HTTP 500 · Nov 2[12], 2024, \d{1,2}:00:00 [AP]M$/);
    expect(
      lastDeliveryText({ status: 'failed', responseStatus: null, at: '2024-11-22T12:00:00.000Z' }),
    ).toMatch(/^Failed · Nov/);
  });

  it('ticks and unticks events, keeping the form’s order', () => {
    expect(
      toggleEvent(WEBHOOK_EVENT_NAMES, ['connection.file_added'], 'connection.created', true),
    ).toEqual(['connection.created', 'connection.file_added']);
    expect(
      toggleEvent(
        WEBHOOK_EVENT_NAMES,
        ['connection.created', 'connection.file_added'],
        'connection.created',
        false,
      ),
    ).toEqual(['connection.file_added']);
    expect(
      toggleEvent(WEBHOOK_EVENT_NAMES, ['connection.created'], 'connection.created', true),
    ).toEqual(['connection.created']);
    expect(
      toggleEvent(USER_WEBHOOK_EVENT_NAMES, ['report.ready'], 'connection.created', true),
    ).toEqual(['connection.created', 'report.ready']);
  });

  it("keeps an endpoint's events that its screen allows, in the form's order", () => {
    const endpoint: Pick<WebhookEndpoint, 'events'> = {
      events: ['report.ready', 'connection.status_changed', 'connection.created'],
    };
    expect(allowedEvents(endpoint, USER_WEBHOOK_EVENT_NAMES)).toEqual([
      'connection.created',
      'report.ready',
    ]);
    expect(allowedEvents(endpoint, WEBHOOK_EVENT_NAMES)).toEqual([
      'connection.created',
      'connection.status_changed',
      'report.ready',
    ]);
  });

  it('names the state the same way on every card', () => {
    expect(endpointState(true).label).toBe('Active');
    expect(endpointState(false).label).toBe('Paused');
  });
});
