import { useId } from 'react';

/** An on/off setting in a bordered row: its label, a note under it, and a switch. */
export function SwitchField({
  label,
  note,
  checked,
  onCheckedChange,
  disabled = false,
}: {
  label: string;
  note?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <label className="flex cursor-pointer items-center justify-between gap-4 rounded-lg border border-slate-200 p-4 has-disabled:cursor-not-allowed has-disabled:opacity-60">
      <span>
        <span id={`${id}-label`} className="block font-medium text-slate-800 text-sm">
          {label}
        </span>
        {note ? (
          <span id={`${id}-note`} className="block text-slate-500 text-xs">
            {note}
          </span>
        ) : null}
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={note ? `${id}-note` : undefined}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.target.checked)}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-blue-600 peer-checked:after:translate-x-5 peer-focus-visible:ring-2 peer-focus-visible:ring-blue-500 peer-focus-visible:ring-offset-2"
      />
    </label>
  );
}
