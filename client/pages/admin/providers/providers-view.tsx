import type { Provider } from '@common/providers.ts';
import { Building2 } from 'lucide-react';
import { useState } from 'react';
import { CardList } from '@/components/card-list.tsx';
import { EmptyState, QueryView } from '@/components/query-states.tsx';
import { ViewIntro } from '@/components/view-intro.tsx';
import { DeleteProviderDialog } from './delete-provider-dialog.tsx';
import { ProviderCard } from './provider-card.tsx';
import { ProviderFormDialog, type ProviderFormTarget } from './provider-form-dialog.tsx';
import { useProvidersHealth } from './use-provider-health.ts';
import { useProviders } from './use-providers.ts';

const FETCH_PROVIDERS_FAILED = 'Failed to fetch providers';

/** The provider catalogue: a card grid with add, edit and delete. */
export default function ProvidersView() {
  const providers = useProviders();
  const health = useProvidersHealth();
  const [editing, setEditing] = useState<ProviderFormTarget>(null);
  const [deleting, setDeleting] = useState<Provider | null>(null);

  return (
    <div className="grid gap-6">
      <ViewIntro addLabel="Add Provider" onAdd={() => setEditing({ mode: 'create' })}>
        <p>
          The utilities customers choose from on the connection form. Inactive providers stay here
          but are hidden from the form.
        </p>
      </ViewIntro>

      <QueryView
        query={providers}
        loading="Loading providers..."
        failed={FETCH_PROVIDERS_FAILED}
        empty={
          <EmptyState
            icon={<Building2 className="size-10 text-slate-400" aria-hidden="true" />}
            title="No providers yet"
          >
            <p className="text-slate-600 text-sm">
              Add the utilities your customers use, with their website and login page.
            </p>
          </EmptyState>
        }
      >
        {(data) => (
          <CardList label="Providers" items={data} className="sm:grid-cols-2 xl:grid-cols-3">
            {(provider) => (
              <ProviderCard
                provider={provider}
                health={health.data?.get(provider.id)}
                onEdit={() => setEditing({ mode: 'edit', provider })}
                onDelete={() => setDeleting(provider)}
              />
            )}
          </CardList>
        )}
      </QueryView>

      <ProviderFormDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteProviderDialog provider={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
