import { describe, expect, it } from 'vitest';
import { hasPending, kindLabel, modeText } from './outbox-display.ts';

describe('outbox display', () => {
  it('names the kinds of messages', () => {
    expect(kindLabel('report_ready')).toBe('Report ready');
    expect(kindLabel('password_reset')).toBe('Password reset');
    expect(kindLabel('')).toBe('');
  });

  it('says when SMTP is not configured', () => {
    expect(modeText('outbox').detail).toBe('SMTP is not configured, messages are kept here.');
    expect(modeText('smtp').label).toBe('SMTP');
  });

  it('polls only while a message is on its way', () => {
    expect(hasPending(undefined)).toBe(false);
    expect(hasPending([{ status: 'sent' }, { status: 'failed' }])).toBe(false);
    expect(hasPending([{ status: 'pending' }])).toBe(true);
  });
});
