import type { WebhookEvent } from '@common/webhooks.ts';
import { eventLabel, toggleEvent } from './webhook-display.ts';

/** The events a webhook hears, one checkbox each: the admins' full list or a user's three. */
export function WebhookEventsField<E extends WebhookEvent>({
  names,
  value,
  onChange,
}: {
  names: readonly E[];
  value: readonly E[];
  onChange: (events: E[]) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-slate-800 text-sm">Events</legend>
      {names.map((name) => (
        <label
          key={name}
          className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 px-3 py-2.5 has-checked:border-blue-300 has-checked:bg-blue-50/60"
        >
          <input
            type="checkbox"
            checked={value.includes(name)}
            onChange={(event) => onChange(toggleEvent(names, value, name, event.target.checked))}
            className="mt-0.5 size-4 shrink-0 accent-blue-600"
          />
          <span className="min-w-0">
            <span className="block text-slate-900 text-sm">{eventLabel(name)}</span>
            <code className="block break-all font-mono text-slate-500 text-xs">{name}</code>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
