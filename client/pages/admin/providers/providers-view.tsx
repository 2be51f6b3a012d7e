import type { Provider } from '@common/providers.ts';
import { AlertCircle, Building2, Plus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { DeleteProviderDialog } from './delete-provider-dialog.tsx';
import { ProviderCard } from './provider-card.tsx';
import { ProviderFormDialog, type ProviderFormTarget } from './provider-form-dialog.tsx';
import { useProviders } from './use-providers.ts';

export const FETCH_PROVIDERS_FAILED = 'Failed to fetch providers';

/** The provider catalogue (SPEC section 2): a card grid with add, edit and delete. */
export default function ProvidersView() {
  const providers = useProviders();
  const [editing, setEditing] = useState<ProviderFormTarget>(null);
  const [deleting, setDeleting] = useState<Provider | null>(null);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-slate-600 text-sm">
          The utilities customers choose from on the connection form. Inactive providers stay here
          but are hidden from the form.
        </p>
        <Button onClick={() => setEditing({ mode: 'create' })}>
          <Plus aria-hidden="true" />
          Add Provider
        </Button>
      </div>

      {providers.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading providers..." />
        </div>
      ) : providers.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-6 text-red-900"
        >
          <p className="flex items-center gap-2 font-semibold">
            <AlertCircle className="size-5" aria-hidden="true" />
            {FETCH_PROVIDERS_FAILED}
          </p>
          <p className="text-sm">{providers.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => providers.refetch()}>
            <RotateCw aria-hidden="true" />
            Try Again
          </Button>
        </div>
      ) : providers.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-slate-300 border-dashed bg-white px-6 py-16 text-center">
          <Building2 className="size-10 text-slate-400" aria-hidden="true" />
          <p className="font-semibold text-slate-900">No providers yet</p>
          <p className="text-slate-600 text-sm">
            Add the utilities your customers use, with their website and login page.
          </p>
        </div>
      ) : (
        <ul aria-label="Providers" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {providers.data.map((provider) => (
            <li key={provider.id} className="grid">
              <ProviderCard
                provider={provider}
                onEdit={() => setEditing({ mode: 'edit', provider })}
                onDelete={() => setDeleting(provider)}
              />
            </li>
          ))}
        </ul>
      )}

      <ProviderFormDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteProviderDialog provider={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
