import type { UtilityAttention } from '@common/attention.ts';
import { Link } from 'wouter';
import { adminViewHref, DEFAULT_ADMIN_VIEW } from '../admin-view-param.ts';

/**
 * Utilities whose portal has failed more often than it worked over the last 7 days: their
 * settings need a look (Providers), or their customers' data a person, whoever the customer.
 */
export function FailingUtilities({ utilities }: { utilities: UtilityAttention[] }) {
  if (utilities.length === 0) return null;
  return (
    <section aria-labelledby="failing-utilities" className="grid gap-2">
      <h2 id="failing-utilities" className="font-medium text-slate-900">
        Utilities failing lately
      </h2>
      <ul className="divide-y divide-slate-100 rounded-lg border border-red-200 bg-red-50/40">
        {utilities.map((utility) => (
          <li key={utility.providerId} className="grid gap-0.5 px-3 py-2">
            <span className="font-medium text-slate-900">{utility.providerName}</span>
            {utility.why.map((phrase) => (
              <span key={phrase} className="text-slate-700 text-sm">
                {phrase}
              </span>
            ))}
          </li>
        ))}
      </ul>
      <p className="text-slate-500 text-xs">
        Open the utility in{' '}
        <Link
          href={adminViewHref('providers', DEFAULT_ADMIN_VIEW)}
          className="text-blue-700 hover:underline"
        >
          Providers
        </Link>{' '}
        to see its health and its last failure.
      </p>
    </section>
  );
}
