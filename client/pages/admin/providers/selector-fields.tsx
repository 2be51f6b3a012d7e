import { useId } from 'react';
import { Input } from '@/components/ui/input.tsx';
import { Field } from './form-field.tsx';
import type { SavedSelectorField } from './selector-analysis.ts';

const FIELDS: { key: SavedSelectorField; label: string; placeholder: string }[] = [
  { key: 'usernameSelector', label: 'Username Selector', placeholder: '#username' },
  { key: 'passwordSelector', label: 'Password Selector', placeholder: '#password' },
  { key: 'submitSelector', label: 'Submit Selector', placeholder: 'button[type=submit]' },
];

/** The three selectors the login uses, typed by hand or filled in by Analyze. */
export function SelectorFields({
  values,
  onChange,
}: {
  values: Record<SavedSelectorField, string>;
  onChange: (key: SavedSelectorField, value: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-medium text-slate-800 text-sm">Login page selectors</legend>
      <p className="-mt-2 text-slate-500 text-xs">
        CSS selectors of the login form's fields, used to sign in to the utility's portal. Left
        empty, they are detected at each login.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        {FIELDS.map(({ key, label, placeholder }) => (
          <Field key={key} label={label} htmlFor={`${id}-${key}`}>
            <Input
              id={`${id}-${key}`}
              value={values[key]}
              onChange={(event) => onChange(key, event.target.value)}
              placeholder={placeholder}
              className="font-mono"
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
