import { type ChangeEvent, type FormEvent, useState } from 'react';
import { type FieldErrors, type FieldName, messageForValidity } from './customer-form-fields.ts';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What every control of the form carries: its name, id and the inline error wiring. */
export type ControlProps = {
  id: string;
  name: FieldName;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  onInvalid: (event: FormEvent<Control>) => void;
  onChange: (event: ChangeEvent<Control>) => void;
};

export const controlIdOf = (name: FieldName) => `customer-${name}`;

/**
 * Inline messages next to the browser's own checks: a field the browser stops on (`invalid`
 * event) shows why, and the message goes as soon as the field is valid again.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});

  function setError(name: FieldName, message: string | null) {
    setErrors((previous) => {
      if ((previous[name] ?? null) === message) return previous;
      const next = { ...previous };
      if (message) next[name] = message;
      else delete next[name];
      return next;
    });
  }

  function control(name: FieldName, describedBy?: string): ControlProps {
    const id = controlIdOf(name);
    const error = errors[name];
    const describedByIds = [describedBy, error ? `${id}-error` : undefined].filter(Boolean);
    return {
      id,
      name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedByIds.length > 0 ? describedByIds.join(' ') : undefined,
      onInvalid: (event) => setError(name, messageForValidity(name, event.currentTarget.validity)),
      onChange: (event) => {
        if (errors[name] && event.currentTarget.validity.valid) setError(name, null);
      },
    };
  }

  return { errors, setErrors, control };
}
