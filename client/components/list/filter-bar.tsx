import { X } from 'lucide-react';
import { Children, type CSSProperties, type ReactNode, useId } from 'react';
import { Field, selectClass } from '@/components/field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/utils.ts';

/**
 * A list's filters in one bordered row, the first (the search) wider on large screens, and
 * Clear filters under them while any filter narrows the list.
 */
export function FilterBar({
  filtered,
  onClear,
  children,
}: {
  filtered: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  // The filters after the search share the rest of a wide row equally.
  const others = { '--others': Children.count(children) - 1 } as CSSProperties;
  return (
    <search
      style={others}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 xl:grid-cols-[minmax(16rem,2fr)_repeat(var(--others),minmax(9rem,1fr))]"
    >
      {children}
      {filtered ? (
        <div className="col-span-full">
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        </div>
      ) : null}
    </search>
  );
}

export type FilterOption = { value: string; label: string };

/** One filter chosen from a list; `anyLabel` ("All providers") is the choice of none. */
export function SelectFilter({
  label,
  value,
  options,
  anyLabel,
  onChange,
  className,
}: {
  label: string;
  value: string;
  options: readonly FilterOption[];
  anyLabel?: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <Field label={label} htmlFor={id}>
      <select
        id={id}
        className={cn(selectClass, className)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
