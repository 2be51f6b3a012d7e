import { describe, expect, it } from 'vitest';
import { attentionBadge, attentionHeadline, waitingText } from './attention-display.ts';

const paid = (overdue: boolean) => ({
  usageRecordId: 1,
  requestedAt: '2030-01-01T00:00:00.000Z',
  dueAt: '2030-01-02T00:00:00.000Z',
  overdue,
  onDelivery: false,
});

describe('the Needs attention rows', () => {
  it('marks overdue paid requests first in red, then paid ones, then the rest', () => {
    expect(attentionBadge({ reasons: ['paid_waiting'], paidRequest: paid(true) }).label).toBe(
      'Overdue',
    );
    expect(attentionBadge({ reasons: ['paid_waiting'], paidRequest: paid(false) }).label).toBe(
      'Paid',
    );
    const requested = { ...paid(false), onDelivery: true };
    expect(attentionBadge({ reasons: ['paid_waiting'], paidRequest: requested }).label).toBe(
      'Requested',
    );
    expect(attentionBadge({ reasons: ['code_awaited'], paidRequest: null }).label).toBe('Customer');
    expect(attentionBadge({ reasons: ['login_failed'], paidRequest: null }).label).toBe('To do');
  });

  it('says how long a row has waited and how many wait', () => {
    const now = new Date('2030-01-01T05:00:00Z');
    expect(waitingText('2030-01-01T02:00:00Z', now)).toBe('Waiting 3 h');
    expect(waitingText('2029-12-28T05:00:00Z', now)).toBe('Waiting 4 days');
    expect(attentionHeadline(0, 0)).toBe('Nothing waits for a person');
    expect(attentionHeadline(3, 1)).toBe('3 connections need a person · 1 overdue');
    expect(attentionHeadline(1, 0)).toBe('1 connection needs a person');
  });
});
