import { CONNECTION_STATUSES } from '@common/connections.ts';
import { useId } from 'react';
import { Field } from '@/components/field.tsx';
import { SelectFilter } from '@/components/list/filter-bar.tsx';
import { Input } from '@/components/ui/input.tsx';
import { statusLabel } from '@/lib/connection-display.ts';
import type { ChangeList } from '@/lib/use-list-params.ts';
import { ListFilters } from '../list-filters.tsx';
import { EMPTY_LIST_PARAMS, type ListParams } from './list-params.ts';

const STATUS_OPTIONS = CONNECTION_STATUSES.map((status) => ({
  value: status,
  label: statusLabel(status),
}));

/** Search (server-side, debounced), provider, status and creation date range. */
export function ConnectionFilters({
  list,
  onChange,
}: {
  list: ListParams;
  onChange: ChangeList<ListParams>;
}) {
  const id = useId();
  return (
    <ListFilters
      list={list}
      defaults={EMPTY_LIST_PARAMS}
      onChange={onChange}
      placeholder="Customer, account, user or provider"
    >
      <SelectFilter
        label="Status"
        className="capitalize"
        value={list.status ?? ''}
        anyLabel="All statuses"
        options={STATUS_OPTIONS}
        onChange={(value) =>
          onChange({ status: CONNECTION_STATUSES.find((s) => s === value) ?? null, page: 1 })
        }
      />
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
    </ListFilters>
  );
}
