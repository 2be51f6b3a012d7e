import {
  formatDuration,
  formatRate,
  HEALTH_FLAG_MIN_ATTEMPTS,
  HEALTH_FLAG_RATE,
  type HealthWindow,
} from '@common/portal-health.ts';
import { useId } from 'react';
import { useProviderHealth } from './use-provider-health.ts';

const ROWS: { label: string; value: (w: HealthWindow) => string }[] = [
  {
    label: 'Sign-in success',
    value: (w) => `${formatRate(w.signInRate)} of ${w.signIns}`,
  },
  {
    label: 'Retrieval success',
    value: (w) => `${formatRate(w.retrievalRate)} of ${w.retrievals}`,
  },
  { label: 'Sign-ins asking for a code', value: (w) => formatRate(w.codeShare) },
  {
    label: 'Median time from submission to data',
    value: (w) => formatDuration(w.medianSecondsToData),
  },
];

/**
 * How the utility's portal has done for customers lately: sign-in and retrieval success, how
 * often it asks for a code, how long customers wait for their data, and the last failure with
 * the service's own reason (this dialog is for admins only).
 */
export function ProviderHealthSection({ providerId }: { providerId: number }) {
  const id = useId();
  const health = useProviderHealth(providerId);
  const data = health.data;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg border border-slate-200 p-4"
    >
      <div>
        <h3 id={`${id}-title`} className="font-medium text-slate-800 text-sm">
          Health
        </h3>
        <p className="text-slate-500 text-xs">
          Every sign-in and retrieval made for customers (Test Login is not counted). A utility
          under {formatRate(HEALTH_FLAG_RATE)} over 7 days, with at least {HEALTH_FLAG_MIN_ATTEMPTS}{' '}
          tries, is listed in Needs attention.
        </p>
      </div>
      {health.isPending ? <p className="text-slate-500 text-sm">Loading health...</p> : null}
      {health.isError ? (
        <p className="text-red-700 text-sm">The health figures could not be loaded.</p>
      ) : null}
      {data ? (
        <>
          {data.why.map((line) => (
            <p key={line} className="rounded-md bg-red-50 px-3 py-2 text-red-800 text-sm">
              {line}
            </p>
          ))}
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-slate-500 text-xs">
                <th scope="col" className="py-1 font-medium">
                  Figure
                </th>
                {data.windows.map((w) => (
                  <th key={w.days} scope="col" className="py-1 text-right font-medium">
                    {w.days} days
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {ROWS.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="py-1.5 text-left font-normal text-slate-700">
                    {row.label}
                  </th>
                  {data.windows.map((w) => (
                    <td key={w.days} className="py-1.5 text-right text-slate-900 tabular-nums">
                      {row.value(w)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {data.lastFailure ? (
            <div className="grid gap-0.5 text-sm">
              <p className="text-slate-700">
                Last failure ({data.lastFailure.kind === 'sign_in' ? 'sign-in' : 'retrieval'},{' '}
                {new Date(data.lastFailure.at).toLocaleString()}): {data.lastFailure.reason}
              </p>
              {data.lastFailure.detail ? (
                <p className="break-words font-mono text-slate-500 text-xs">
                  {data.lastFailure.detail}
                </p>
              ) : null}
            </div>
          ) : (
            <p className="text-slate-500 text-sm">No failure recorded.</p>
          )}
        </>
      ) : null}
    </section>
  );
}
