import { describe, expect, it } from 'vitest';
import { attemptsOfCheck } from './check-attempts.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute));
const run = {
  providerId: 3,
  connectionId: 8,
  submittedAt: at(0),
  startedAt: at(10),
  finishedAt: at(14),
  walked: true,
};
const found = (bills: number, intervalExport: boolean, notes: string[] = []) => ({
  files: [],
  bills,
  intervalExport,
  notes,
  humanCheck: false,
});

describe('attemptsOfCheck', () => {
  it('splits a check into its sign-in and its walk, the walk starting when the portal let us in', () => {
    const attempts = attemptsOfCheck({
      ...run,
      signedInAt: at(11),
      result: { outcome: 'success' },
      retrieval: found(2, true),
    });
    expect(attempts).toEqual([
      expect.objectContaining({
        kind: 'sign_in',
        outcome: 'success',
        reason: null,
        askedCode: false,
        startedAt: at(10),
        finishedAt: at(11),
      }),
      expect.objectContaining({
        kind: 'retrieval',
        outcome: 'success',
        reason: null,
        submittedAt: at(0),
        startedAt: at(11),
        finishedAt: at(14),
      }),
    ]);
  });

  it('counts a walk without the usage export, or cut short by the time limit, as a failed retrieval', () => {
    const partial = attemptsOfCheck({
      ...run,
      signedInAt: at(11),
      result: { outcome: 'success' },
      retrieval: found(2, false, ['interval export: no "Download My Data" link']),
    });
    expect(partial[1]).toMatchObject({
      outcome: 'failure',
      reason: 'incomplete',
      detail: 'found no usage export; interval export: no "Download My Data" link',
    });
    const cut = attemptsOfCheck({
      ...run,
      signedInAt: at(11),
      result: { outcome: 'portal_unavailable', detail: 'the login took longer than 150 s' },
    });
    expect(cut.map((a) => [a.kind, a.outcome, a.reason])).toEqual([
      ['sign_in', 'success', null],
      ['retrieval', 'failure', 'timed_out'],
    ]);
  });

  it('records a code the customer never gave as a failed sign-in that asked for one, with no walk', () => {
    const attempts = attemptsOfCheck({
      ...run,
      result: { outcome: 'mfa_required', detail: 'Enter the code we sent' },
      code: { ok: false, reason: 'no_code' },
    });
    expect(attempts).toEqual([
      expect.objectContaining({
        kind: 'sign_in',
        outcome: 'failure',
        reason: 'no_code',
        askedCode: true,
        detail: 'Enter the code we sent',
        finishedAt: at(14),
      }),
    ]);
    const refused = attemptsOfCheck({
      ...run,
      walked: false,
      result: { outcome: 'invalid_credentials' },
    });
    expect(refused.map((a) => [a.kind, a.reason, a.askedCode])).toEqual([
      ['sign_in', 'invalid_credentials', false],
    ]);
  });
});
