import { type ReactNode, useId } from 'react';
import { Field } from '@/components/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { cn } from '@/lib/utils.ts';

/** A provider form's group of three text settings, with its legend and a line on what they do. */
export function SettingsFieldset<K extends string>({
  legend,
  note,
  fields,
  values,
  onChange,
  code = false,
}: {
  legend: string;
  note: ReactNode;
  fields: { key: K; label: string; placeholder: string }[];
  values: Record<K, string>;
  onChange: (key: K, value: string) => void;
  /** Selectors are code: shown in a monospace font. */
  code?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-medium text-slate-800 text-sm">{legend}</legend>
      <p className="-mt-2 text-slate-500 text-xs">{note}</p>
      <div className="grid gap-4 sm:grid-cols-3">
        {fields.map(({ key, label, placeholder }) => (
          <Field key={key} label={label} htmlFor={`${id}-${key}`}>
            <Input
              id={`${id}-${key}`}
              value={values[key]}
              onChange={(event) => onChange(key, event.target.value)}
              placeholder={placeholder}
              className={cn(code && 'font-mono')}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
