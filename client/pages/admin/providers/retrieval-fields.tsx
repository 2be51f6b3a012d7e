import { SwitchField } from '@/components/ui/switch-field.tsx';
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
  automatic,
  onAutomaticChange,
}: {
  values: Record<RetrievalField, string>;
  onChange: (key: RetrievalField, value: string) => void;
  /** Whether the check goes on to fetch the files after signing in. */
  automatic: boolean;
  onAutomaticChange: (automatic: boolean) => void;
}) {
  return (
    <>
      <SwitchField
        label="Retrieve automatically"
        note="On: after a customer's login is accepted, the service fetches their bills and usage data from the portal. Off: the service only checks that the login works, and an admin downloads and uploads the files by hand (Retrieve now on a connection still fetches them once)."
        checked={automatic}
        onCheckedChange={onAutomaticChange}
      />
      <SettingsFieldset
        legend="Automated retrieval"
        note={
          'After signing in, the service fetches the two latest bills and the Green Button export. Left empty, the pages are found by their links ("Billing History", "Download My Data"...); set one here when the portal names it differently. Test Login shows what it finds.'
        }
        fields={FIELDS}
        values={values}
        onChange={onChange}
      />
    </>
  );
}
