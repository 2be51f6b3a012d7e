import type { FailureReason } from '../../../common/portal-health.ts';
import type { Classified } from './classify.ts';
import type { MfaOutcome } from './mfa-step.ts';
import type { PortalAttempt } from './portal-health.ts';
import type { Retrieval } from './retrieval.ts';

/** What one background check did on the portal, as verifyConnection saw it. */
type CheckRun = {
  providerId: number;
  connectionId: number;
  submittedAt: Date;
  startedAt: Date;
  finishedAt: Date;
  /** When the portal let us in (the walk for the files started then); undefined: it did not. */
  signedInAt?: Date;
  result: Classified;
  code?: MfaOutcome;
  /** The check meant to walk the portal for the files once signed in. */
  walked: boolean;
  retrieval?: Retrieval;
};

/**
 * The sign-in, and the retrieval when one was walked, of a check: the utility's health reads
 * them. A retrieval succeeds when it brought back both a bill and the usage export, the data a
 * report needs; a walk cut short by the time limit is a failed retrieval after a good sign-in.
 */
export function attemptsOfCheck(run: CheckRun): PortalAttempt[] {
  const { providerId, connectionId, result, code, retrieval } = run;
  const signedIn = run.signedInAt !== undefined || result.outcome === 'success';
  const signInEnd = run.signedInAt ?? run.finishedAt;
  const reason: FailureReason | null =
    code && !code.ok ? code.reason : result.outcome === 'success' ? null : result.outcome;
  const attempts: PortalAttempt[] = [
    {
      providerId,
      connectionId,
      kind: 'sign_in',
      outcome: signedIn ? 'success' : 'failure',
      reason: signedIn ? null : reason,
      detail: signedIn ? null : (result.detail ?? null),
      askedCode: code !== undefined || result.outcome === 'mfa_required',
      submittedAt: run.submittedAt,
      startedAt: run.startedAt,
      finishedAt: signInEnd,
    },
  ];
  if (!run.walked || !signedIn) return attempts;
  const complete = retrieval !== undefined && retrieval.bills > 0 && retrieval.intervalExport;
  attempts.push({
    providerId,
    connectionId,
    kind: 'retrieval',
    outcome: complete ? 'success' : 'failure',
    reason: complete ? null : retrievalFailure(retrieval),
    detail: complete ? null : retrievalDetail(retrieval, result),
    submittedAt: run.submittedAt,
    startedAt: signInEnd,
    finishedAt: run.finishedAt,
  });
  return attempts;
}

function retrievalFailure(retrieval: Retrieval | undefined): FailureReason {
  if (!retrieval) return 'timed_out';
  return retrieval.humanCheck ? 'human_check' : 'incomplete';
}

function retrievalDetail(retrieval: Retrieval | undefined, result: Classified): string | null {
  if (!retrieval) return result.detail ?? null;
  const missing = [
    retrieval.bills === 0 ? 'no bill' : null,
    retrieval.intervalExport ? null : 'no usage export',
  ].filter(Boolean);
  return [missing.length > 0 ? `found ${missing.join(' and ')}` : null, ...retrieval.notes]
    .filter(Boolean)
    .join('; ');
}
