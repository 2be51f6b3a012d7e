import { type ComponentProps, type ReactNode, useId } from 'react';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { cn } from '@/lib/utils.ts';

/** Looks of the native controls that have no primitive of ours (select, textarea). */
export const nativeControlClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus-visible:border-blue-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-500 sm:text-sm';

/** A native select as tall as our inputs. */
export const selectClass = cn('h-10', nativeControlClass);

const errorIdOf = (id: string) => `${id}-error`;
const hintIdOf = (id: string) => `${id}-hint`;

/**
 * A label, its control, an optional hint and the inline error, stacked. `required` marks the
 * label with a red asterisk, `optional` says "(optional)"; the control itself is the child.
 */
export function Field({
  label,
  htmlFor,
  required = false,
  optional = false,
  hint,
  error,
  className,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  required?: boolean;
  optional?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={htmlFor}>
        {label}
        {required && (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        )}
        {optional && <span className="font-normal text-slate-500"> (optional)</span>}
      </Label>
      {children}
      {hint && (
        <p id={hintIdOf(htmlFor)} className="text-slate-500 text-xs">
          {hint}
        </p>
      )}
      <FieldError id={errorIdOf(htmlFor)} message={error} />
    </div>
  );
}

/** An inline error, announced when it appears (its field also names it as its description). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="font-medium text-red-600 text-sm">
      {message}
    </p>
  );
}

/**
 * A labelled text input: the field and its input in one, the input's props passed through.
 * `markRequired` shows the asterisk and tells assistive technology; `required` stays the
 * input's own attribute. A hint is read out with the input.
 */
export function TextField({
  id,
  label,
  markRequired = false,
  optional = false,
  hint,
  className,
  ...input
}: {
  id: string;
  label: string;
  markRequired?: boolean;
  optional?: boolean;
  hint?: ReactNode;
} & ComponentProps<typeof Input>) {
  return (
    <Field
      label={label}
      htmlFor={id}
      required={markRequired}
      optional={optional}
      hint={hint}
      className={className}
    >
      <Input
        id={id}
        aria-required={markRequired || undefined}
        aria-describedby={hint ? hintIdOf(id) : undefined}
        {...input}
      />
    </Field>
  );
}

/** A checkbox with its label beside it and a note under it on what ticking it does. */
export function CheckboxField({
  label,
  note,
  checked,
  onChange,
}: {
  label: string;
  note: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1 text-sm">
      <label className="flex cursor-pointer items-center gap-3 font-medium text-slate-900">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={hintIdOf(id)}
          className="size-4 shrink-0 accent-blue-600"
        />
        {label}
      </label>
      <p id={hintIdOf(id)} className="pl-7 text-slate-600">
        {note}
      </p>
    </div>
  );
}
