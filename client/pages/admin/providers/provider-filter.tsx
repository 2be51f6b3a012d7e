import { SelectFilter } from '@/components/list/filter-bar.tsx';
import { useProviders } from './use-providers.ts';

/** The admin lists' Provider filter: every provider by name, or all of them. */
export function ProviderFilter({
  providerId,
  onChange,
}: {
  providerId: number | null;
  onChange: (providerId: number | null) => void;
}) {
  const providers = useProviders();
  return (
    <SelectFilter
      label="Provider"
      value={providerId === null ? '' : String(providerId)}
      anyLabel="All providers"
      options={(providers.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
      onChange={(value) => onChange(value ? Number(value) : null)}
    />
  );
}
