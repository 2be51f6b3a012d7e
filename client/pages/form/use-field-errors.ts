import { type ChangeEvent, type FormEvent, useState } from 'react';
import {
  type FieldErrors,
  type FieldName,
  messageForInvalidField,
} from './customer-form-fields.ts';

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

/** What each group of the form's fields is given: the controls' wiring, the errors, and busy. */
export type FieldGroupProps = {
  control: (name: FieldName, describedBy?: string) => ControlProps;
  errors: FieldErrors;
  disabled: boolean;
};

/** What the control holds, as the schema reads it: a checkbox is ticked or not. */
const schemaValueOf = (control: Control) =>
  control instanceof HTMLInputElement && control.type === 'checkbox'
    ? control.checked
    : control.value;

/**
 * Inline messages next to the browser's own checks: a field the browser stops on (`invalid`
 * event) shows what the endpoint's schema says about it, and the message goes as soon as the
 * browser finds the field valid again (the schema has its say again on submit).
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
      onInvalid: (event) =>
        setError(name, messageForInvalidField(name, schemaValueOf(event.currentTarget))),
      onChange: (event) => {
        if (errors[name] && event.currentTarget.validity.valid) setError(name, null);
      },
    };
  }

  return { errors, setErrors, control };
}
