import type { ReactNode } from 'react';
import { FilterBar } from '@/components/list/filter-bar.tsx';
import { SearchBox } from '@/components/list/search-box.tsx';
import { narrows, type SearchedList } from '@/lib/list-params.ts';
import { ProviderFilter } from './providers/provider-filter.tsx';

/**
 * The admin lists' filters: the search and the provider, then the list's own (children), and
 * Clear filters back to `defaults`. Any change goes back to the first page.
 */
export function ListFilters<L extends SearchedList>({
  list,
  defaults,
  onChange,
  placeholder,
  children,
}: {
  list: L;
  defaults: L;
  onChange: (patch: Partial<SearchedList>, options?: { replace?: boolean }) => void;
  placeholder: string;
  children: ReactNode;
}) {
  return (
    <FilterBar filtered={narrows(list, defaults)} onClear={() => onChange(defaults)}>
      <SearchBox
        value={list.search}
        onSearch={(search) => onChange({ search, page: 1 }, { replace: true })}
        placeholder={placeholder}
        className="sm:col-span-2 xl:col-span-1"
      />
      <ProviderFilter
        providerId={list.providerId}
        onChange={(providerId) => onChange({ providerId, page: 1 })}
      />
      {children}
    </FilterBar>
  );
}
