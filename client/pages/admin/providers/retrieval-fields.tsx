import { useId } from 'react';
import { Input } from '@/components/ui/input.tsx';
import { Field } from './form-field.tsx';

export type RetrievalField = 'billsPage' | 'usagePage' | 'exportControl';

const FIELDS: { key: RetrievalField; label: string; placeholder: string }[] = [
  { key: 'billsPage', label: 'Bills Page', placeholder: 'Billing History or /account/bills' },
  { key: 'usagePage', label: 'Usage Page', placeholder: 'Energy Usage or /account/usage' },
  { key: 'exportControl', label: 'Export Button', placeholder: 'Download My Data' },
];

/**
 * Where the automated retrieval finds the bills and the interval export after signing in: a
 * page's address or its link's words, and the export button's words. Empty: detected.
 */
export function RetrievalFields({
  values,
  onChange,
}: {
  values: Record<RetrievalField, string>;
  onChange: (key: RetrievalField, value: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-medium text-slate-800 text-sm">Automated retrieval</legend>
      <p className="-mt-2 text-slate-500 text-xs">
        After signing in, the service fetches the two latest bills and the Green Button export. Left
        empty, the pages are found by their links ("Billing History", "Download My Data"...); set
        one here when the portal names it differently.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        {FIELDS.map(({ key, label, placeholder }) => (
          <Field key={key} label={label} htmlFor={`${id}-${key}`}>
            <Input
              id={`${id}-${key}`}
              value={values[key]}
              onChange={(event) => onChange(key, event.target.value)}
              placeholder={placeholder}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
