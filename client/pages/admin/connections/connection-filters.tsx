import { CONNECTION_STATUSES } from '@common/connections.ts';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { statusLabel } from '@/lib/connection-display.ts';
import { useProviders } from '../providers/use-providers.ts';
import { Field, selectClass } from './field.tsx';
import { EMPTY_LIST_PARAMS, hasFilters, type ListParams } from './list-params.ts';

/** How long typing must pause before the search is sent. */
const SEARCH_DELAY_MS = 300;

export type ChangeList = (patch: Partial<ListParams>, options?: { replace?: boolean }) => void;

/** Search (server-side, debounced), provider, status and creation date range. */
export function ConnectionFilters({ list, onChange }: { list: ListParams; onChange: ChangeList }) {
  const providers = useProviders();
  const id = useId();

  return (
    <search className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 xl:grid-cols-[minmax(16rem,2fr)_repeat(4,minmax(9rem,1fr))]">
      <SearchBox
        value={list.search}
        onSearch={(search) => onChange({ search, page: 1 }, { replace: true })}
        placeholder="Customer, account, user or provider"
        className="sm:col-span-2 xl:col-span-1"
      />
      <Field label="Provider" htmlFor={`${id}-provider`}>
        <select
          id={`${id}-provider`}
          className={selectClass}
          value={list.providerId ?? ''}
          onChange={(event) =>
            onChange({
              providerId: event.target.value ? Number(event.target.value) : null,
              page: 1,
            })
          }
        >
          <option value="">All providers</option>
          {(providers.data ?? []).map((provider) => (
            <option key={provider.id} value={provider.id}>
              {provider.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Status" htmlFor={`${id}-status`}>
        <select
          id={`${id}-status`}
          className={`${selectClass} capitalize`}
          value={list.status ?? ''}
          onChange={(event) =>
            onChange({
              status: CONNECTION_STATUSES.find((s) => s === event.target.value) ?? null,
              page: 1,
            })
          }
        >
          <option value="">All statuses</option>
          {CONNECTION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Created from" htmlFor={`${id}-from`}>
        <Input
          id={`${id}-from`}
          type="date"
          value={list.from ?? ''}
          max={list.to ?? undefined}
          onChange={(event) => onChange({ from: event.target.value || null, page: 1 })}
        />
      </Field>
      <Field label="Created to" htmlFor={`${id}-to`}>
        <Input
          id={`${id}-to`}
          type="date"
          value={list.to ?? ''}
          min={list.from ?? undefined}
          onChange={(event) => onChange({ to: event.target.value || null, page: 1 })}
        />
      </Field>
      {hasFilters(list) ? (
        <div className="sm:col-span-2 xl:col-span-5">
          <Button variant="ghost" size="sm" onClick={() => onChange(EMPTY_LIST_PARAMS)}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        </div>
      ) : null}
    </search>
  );
}

/** A search input that reports what was typed once typing pauses (server-side search). */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  className,
}: {
  value: string;
  onSearch: (search: string) => void;
  placeholder: string;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();

  // The URL changed by other means (Back, Clear filters): show it, unless the admin is typing.
  useEffect(() => {
    if (document.activeElement !== input.current) setText(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function type(next: string) {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next), SEARCH_DELAY_MS);
  }

  return (
    <Field label="Search" htmlFor={id} className={className}>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <Input
          ref={input}
          id={id}
          type="search"
          value={text}
          maxLength={200}
          onChange={(event) => type(event.target.value)}
          placeholder={placeholder}
          className="pl-9"
        />
      </div>
    </Field>
  );
}
