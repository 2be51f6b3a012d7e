import type { SavedSelectorField } from './selector-analysis.ts';
import { SettingsFieldset } from './settings-fieldset.tsx';

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
  return (
    <SettingsFieldset
      legend="Login page selectors"
      note="CSS selectors of the login form's fields, used to sign in to the utility's portal. Left empty, they are detected at each login."
      fields={FIELDS}
      values={values}
      onChange={onChange}
      code
    />
  );
}
