import { SettingsFieldset } from './settings-fieldset.tsx';

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
  return (
    <SettingsFieldset
      legend="Automated retrieval"
      note={
        'After signing in, the service fetches the two latest bills and the Green Button export. Left empty, the pages are found by their links ("Billing History", "Download My Data"...); set one here when the portal names it differently. Test Login shows what it finds.'
      }
      fields={FIELDS}
      values={values}
      onChange={onChange}
    />
  );
}
