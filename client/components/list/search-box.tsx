import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Field } from '@/components/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { cn } from '@/lib/utils.ts';

/** How long typing must pause before the search is sent. */
const SEARCH_DELAY_MS = 300;

/**
 * A search input that reports what was typed once typing pauses (the lists search on the
 * server). `hideLabel` keeps the label for screen readers only, where the box says enough.
 */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  label = 'Search',
  hideLabel = false,
  maxLength = 200,
  className,
}: {
  value: string;
  onSearch: (search: string) => void;
  placeholder: string;
  label?: string;
  hideLabel?: boolean;
  maxLength?: number;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();

  // The value changed by other means (Back, Clear filters): show it, unless the admin is typing.
  useEffect(() => {
    if (document.activeElement !== input.current) setText(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function type(next: string) {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next), SEARCH_DELAY_MS);
  }

  const box = (
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
        maxLength={maxLength}
        onChange={(event) => type(event.target.value)}
        placeholder={placeholder}
        aria-label={hideLabel ? label : undefined}
        className="pl-9"
      />
    </div>
  );
  if (hideLabel) return <div className={cn('grid', className)}>{box}</div>;
  return (
    <Field label={label} htmlFor={id} className={className}>
      {box}
    </Field>
  );
}
