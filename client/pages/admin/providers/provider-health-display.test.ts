import type { ProviderHealth } from '@common/portal-health.ts';
import { describe, expect, it } from 'vitest';
import { healthBadge } from './provider-health-display.ts';

const health = (week: Partial<ProviderHealth['windows'][number]>, flagged = false) =>
  ({
    providerId: 1,
    providerName: 'Example Power',
    windows: [
      {
        days: 7,
        signIns: 0,
        signInRate: null,
        retrievals: 0,
        retrievalRate: null,
        codeShare: null,
        medianSecondsToData: null,
        ...week,
      },
    ],
    lastFailure: null,
    flags: flagged ? ['sign_in_failing'] : [],
    why: flagged ? ['Signing in works only 25% of the time (4 tries in 7 days)'] : [],
  }) satisfies ProviderHealth;

describe('healthBadge', () => {
  it('shows the 7-day rates, says when nothing ran, and marks a failing utility', () => {
    expect(healthBadge(undefined).tone).toBe('quiet');
    expect(healthBadge(health({}))).toEqual({
      label: 'No checks in 7 days',
      title: '',
      tone: 'quiet',
    });
    expect(
      healthBadge(health({ signIns: 4, signInRate: 0.75, retrievals: 3, retrievalRate: 2 / 3 })),
    ).toEqual({
      label: 'Sign-in 75% · Retrieval 67%',
      title: 'Over the last 7 days: 4 sign-ins, 3 retrievals',
      tone: 'fine',
    });
    expect(healthBadge(health({ signIns: 4, signInRate: 0.25 }, true))).toMatchObject({
      label: 'Failing: Sign-in 25% · Retrieval —',
      tone: 'failing',
      title: 'Signing in works only 25% of the time (4 tries in 7 days)',
    });
  });
});
