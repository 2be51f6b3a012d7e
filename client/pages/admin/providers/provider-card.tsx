import { providerPlace } from '@common/countries.ts';
import type { ProviderHealth } from '@common/portal-health.ts';
import type { Provider } from '@common/providers.ts';
import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { CardHeading } from '@/components/card-heading.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { cn } from '@/lib/utils.ts';
import { hostOf } from './provider-display.ts';
import { healthBadge } from './provider-health-display.ts';
import { ProviderLogo } from './provider-logo.tsx';

export function ProviderCard({
  provider,
  health,
  onEdit,
  onDelete,
}: {
  provider: Provider;
  /** Its portal's sign-ins and retrievals lately; undefined while loading. */
  health: ProviderHealth | undefined;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const nameId = `provider-${provider.id}-name`;
  const badge = healthBadge(health);
  return (
    <Card asChild>
      <article aria-labelledby={nameId} className="flex flex-col p-5">
        <div className="mb-4 flex items-start gap-4">
          <ProviderLogo name={provider.name} imageUrl={provider.imageUrl} />
          <CardHeading
            id={nameId}
            title={provider.name}
            subtitle={providerPlace(provider)}
            className="flex-1"
          />
          <span
            className={cn(
              'shrink-0 rounded-full px-2.5 py-0.5 font-medium text-xs',
              provider.isActive ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-600',
            )}
          >
            {provider.isActive ? 'Active' : 'Inactive'}
          </span>
        </div>
        {provider.url ? (
          <a
            href={provider.url}
            target="_blank"
            rel="noopener noreferrer"
            className="-mt-1 mb-4 inline-flex max-w-full items-center gap-1.5 self-start truncate text-blue-700 text-sm hover:underline"
          >
            <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{hostOf(provider.url)}</span>
          </a>
        ) : null}
        <p
          className={cn(
            'mb-4 self-start rounded-full px-2.5 py-0.5 text-xs',
            badge.tone === 'failing' && 'bg-red-100 font-medium text-red-800',
            badge.tone === 'quiet' && 'bg-slate-100 text-slate-600',
            badge.tone === 'fine' && 'bg-emerald-50 text-emerald-800',
          )}
          title={badge.title || undefined}
        >
          <span className="sr-only">Health: </span>
          {badge.label}
          {provider.retrieveAutomatically ? '' : ' · Files by hand'}
        </p>
        <div className="mt-auto flex gap-2 border-slate-100 border-t pt-4">
          <Button variant="outline" size="sm" aria-label={`Edit ${provider.name}`} onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            aria-label={`Delete ${provider.name}`}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </article>
    </Card>
  );
}
