import type { GasSummary } from '@common/intervals.ts';
import { dollarsText, kwhText, rateText } from '@common/quantities.ts';

const monthName = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Feb 2024" for "2024-02". */
const formatMonth = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

/** Local days in the series' zone, for the period the gas readings cover. */
function localDay(ms: string, timeZone: string): string {
  const options = { year: 'numeric', month: 'short', day: 'numeric' } as const;
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(new Date(ms));
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(new Date(ms));
  }
}

function readingsWords(seconds: number): string {
  if (seconds === 86_400) return 'daily readings';
  if (seconds >= 27 * 86_400) return 'one reading per billing period';
  if (seconds === 3600) return 'hourly readings';
  return 'readings';
}

/**
 * A connection's gas as the utility metered it: usage by month in its own unit (therms, ccf,
 * m³), cost and cost per unit; for therms, the kWh figure beside them, labelled. Shown on the
 * admin's connection and the user's dashboard alike.
 */
export function GasUsage({ gas }: { gas: GasSummary }) {
  const unit = gas.unitLabel;
  const one = gas.unit === 'therm' ? 'therm' : unit;
  const last = new Date(Date.parse(gas.end) - 1).toISOString();
  const anySplit = gas.monthly.some((m) => m.split);
  return (
    <section aria-label="Gas usage" className="grid gap-3">
      <h4 className="font-medium text-slate-800 text-sm">Gas</h4>
      <p className="text-slate-600 text-sm">
        From {gas.fileName} ({readingsWords(gas.periodSeconds)}, {gas.periods.length} in all):{' '}
        {localDay(gas.start, gas.timeZone)} to {localDay(last, gas.timeZone)}, {gas.timeZone}.
      </p>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-500">Usage</dt>
        <dd className="text-slate-900 tabular-nums">
          {kwhText(gas.total)} {unit}
        </dd>
        <dt className="text-slate-500">Cost</dt>
        <dd className="text-slate-900 tabular-nums">
          {gas.cost === undefined ? 'Not given in the file' : dollarsText(gas.cost)}
        </dd>
        <dt className="text-slate-500">Cost per {one}</dt>
        <dd className="text-slate-900 tabular-nums">
          {gas.costPerUnit === undefined ? 'Not known' : `${rateText(gas.costPerUnit)} per ${one}`}
        </dd>
        {gas.kWhEquivalent === undefined ? null : (
          <>
            <dt className="text-slate-500">In kWh (for comparison)</dt>
            <dd className="text-slate-900 tabular-nums">
              {kwhText(gas.kWhEquivalent)} kWh at {gas.kWhPerTherm} kWh per therm
            </dd>
          </>
        )}
      </dl>
      <table className="w-full text-sm">
        <caption className="sr-only">Gas usage by month</caption>
        <thead>
          <tr className="text-left text-slate-500">
            <th scope="col" className="font-normal">
              Month
            </th>
            <th scope="col" className="text-right font-normal">
              Usage ({unit})
            </th>
            <th scope="col" className="text-right font-normal">
              Cost
            </th>
          </tr>
        </thead>
        <tbody>
          {gas.monthly.map((m) => (
            <tr key={m.month} className="text-slate-900 tabular-nums">
              <td>
                {formatMonth(m.month)}
                {m.split ? ' *' : ''}
              </td>
              <td className="text-right">{kwhText(m.quantity)}</td>
              <td className="text-right">{m.cost === undefined ? '' : dollarsText(m.cost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {anySplit || gas.notes.length > 0 ? (
        <ul className="grid list-disc gap-1 pl-5 text-slate-600 text-xs">
          {anySplit ? (
            <li>
              * Part of the month comes from a reading shared with the next or previous month.
            </li>
          ) : null}
          {gas.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
