import type { Connection } from '@common/connections.ts';
import { Check, Eye, EyeOff, KeyRound, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { BusyButton } from '@/components/busy-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  CREDENTIALS_TONE_CLASSES,
  credentialsState,
  formatTimestamp,
} from '@/lib/connection-display.ts';
import { cn } from '@/lib/utils.ts';
import { useConfirmLogin, useRevealCredentials } from './use-connections.ts';

/**
 * The customer's utility login, labelled Admin Only (nobody else may see it): its check, and the login
 * itself only when the admin presses Reveal (each reveal is written to the audit log).
 */
export function CredentialsSection({ connection }: { connection: Connection }) {
  const reveal = useRevealCredentials();
  const confirm = useConfirmLogin();
  const [confirming, setConfirming] = useState(false);
  const canConfirm =
    connection.hasCredentials &&
    !connection.credentialsPurgedAt &&
    connection.credentialsVerified !== true;
  const { label, tone } = credentialsState(connection);
  const revealed = connection.hasCredentials ? reveal.data : undefined;

  return (
    <section
      aria-labelledby={`credentials-${connection.id}`}
      className="grid gap-3 rounded-lg border border-amber-200 bg-amber-50/50 p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <KeyRound className="size-4 text-amber-700" aria-hidden="true" />
        <h3 id={`credentials-${connection.id}`} className="font-semibold text-slate-900">
          Utility Credentials
        </h3>
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-semibold text-amber-900 text-xs">
          Admin Only
        </span>
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 font-medium text-xs',
            CREDENTIALS_TONE_CLASSES[tone],
          )}
        >
          {label}
        </span>
      </div>
      {connection.verificationMessage ? (
        <p className="text-slate-700 text-sm">{connection.verificationMessage}</p>
      ) : null}
      <p className="text-slate-600 text-xs">
        A backup for manual extraction. Every reveal is recorded in the audit log; the login is
        deleted when the connection is complete.
      </p>

      {connection.credentialsPurgedAt ? (
        <p className="flex items-center gap-2 font-medium text-slate-800 text-sm">
          <ShieldAlert className="size-4 text-slate-500" aria-hidden="true" />
          The credentials were purged on {formatTimestamp(connection.credentialsPurgedAt)}.
        </p>
      ) : !connection.hasCredentials ? null : revealed ? (
        <div className="grid gap-3 sm:flex sm:items-end sm:justify-between">
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[6rem_1fr]">
            <dt className="text-slate-500">Username</dt>
            <dd className="break-all font-mono text-slate-900">{revealed.utilityUsername}</dd>
            <dt className="text-slate-500">Password</dt>
            <dd className="break-all font-mono text-slate-900">{revealed.utilityPassword}</dd>
          </dl>
          <Button variant="outline" size="sm" onClick={() => reveal.reset()}>
            <EyeOff aria-hidden="true" />
            Hide
          </Button>
        </div>
      ) : (
        <div>
          <BusyButton
            variant="outline"
            size="sm"
            icon={<Eye aria-hidden="true" />}
            busy={reveal.isPending}
            busyLabel="Revealing..."
            onClick={() => reveal.mutate(connection.id)}
          >
            Reveal
          </BusyButton>
        </div>
      )}
      {reveal.isError ? (
        <p role="alert" className="text-red-700 text-sm">
          {reveal.error.message}
        </p>
      ) : null}
      {canConfirm && !confirming ? (
        <div>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <Check aria-hidden="true" />
            Confirm Login Works
          </Button>
        </div>
      ) : null}
      {canConfirm && confirming ? (
        <div className="grid gap-2 rounded-md border border-amber-200 bg-white p-3">
          <p className="text-slate-700 text-sm">
            Only when you signed in to the utility website with this login yourself: it then counts
            as verified, as after a check that succeeded.
          </p>
          <div className="flex flex-wrap gap-2">
            <BusyButton
              size="sm"
              icon={<Check aria-hidden="true" />}
              busy={confirm.isPending}
              busyLabel="Confirming..."
              onClick={() =>
                confirm.mutate(connection.id, { onSuccess: () => setConfirming(false) })
              }
            >
              Yes, It Works
            </BusyButton>
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {confirm.isError ? (
        <p role="alert" className="text-red-700 text-sm">
          {confirm.error.message}
        </p>
      ) : null}
    </section>
  );
}
