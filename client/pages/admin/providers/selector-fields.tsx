import type { PreLoginStep } from '@common/automation.ts';
import { Button } from '@/components/ui/button.tsx';
import type { SavedSelectorField } from './selector-analysis.ts';
import { SettingsFieldset } from './settings-fieldset.tsx';

const FIELDS: { key: SavedSelectorField; label: string; placeholder: string }[] = [
  { key: 'usernameSelector', label: 'Username Selector', placeholder: '#username' },
  { key: 'passwordSelector', label: 'Password Selector', placeholder: '#password' },
  { key: 'submitSelector', label: 'Submit Selector', placeholder: 'button[type=submit]' },
];

const WHY: Record<PreLoginStep['why'], string> = {
  consent: 'Dismiss the consent banner',
  reveal: 'Show the sign-in form',
};

/**
 * The three selectors the login uses, typed by hand or filled in by Analyze, and the clicks
 * Analyze found before the form (read-only: Analyze records them, Clear drops them).
 */
export function SelectorFields({
  values,
  onChange,
  preLoginSteps = [],
  onClearSteps,
}: {
  values: Record<SavedSelectorField, string>;
  onChange: (key: SavedSelectorField, value: string) => void;
  preLoginSteps?: PreLoginStep[];
  onClearSteps?: () => void;
}) {
  return (
    <div className="grid gap-3">
      <SettingsFieldset
        legend="Login page selectors"
        note="CSS selectors of the login form's fields, used to sign in to the utility's portal. Left empty, they are detected at each login."
        fields={FIELDS}
        values={values}
        onChange={onChange}
        code
      />
      {preLoginSteps.length > 0 ? (
        <section
          aria-label="Before the login form"
          className="grid gap-2 rounded-lg border border-slate-200 p-4"
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0 flex-1 basis-56">
              <h3 className="font-medium text-slate-800 text-sm">Before the login form</h3>
              <p className="text-slate-500 text-xs">
                Clicked in this order at every login, before the fields are filled. Found by
                Analyze.
              </p>
            </div>
            {onClearSteps ? (
              <Button type="button" variant="outline" size="sm" onClick={onClearSteps}>
                Clear steps
              </Button>
            ) : null}
          </div>
          <ol className="grid list-decimal gap-1 pl-5 text-slate-700 text-xs">
            {preLoginSteps.map((step) => (
              <li key={`${step.why}-${step.action}-${step.selector}`} className="min-w-0">
                {WHY[step.why]}: {step.action === 'check' ? 'choose' : 'click'} “{step.text}”{' '}
                <code className="break-all font-mono text-slate-500">{step.selector}</code>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
