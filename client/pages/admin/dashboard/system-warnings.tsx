import type { SystemWarnings as Warnings } from '@common/api.ts';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';

/** What the deployment should fix (a key stored beside the data it protects), for admins. */
export function SystemWarnings() {
  const { data } = useQuery<Warnings>({ queryKey: ['/api/system/warnings'] });
  if (!data?.warnings.length) return null;
  return (
    <div className="grid gap-2">
      {data.warnings.map((warning) => (
        <p
          key={warning}
          role="alert"
          className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900 text-sm"
        >
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {warning}
        </p>
      ))}
    </div>
  );
}
