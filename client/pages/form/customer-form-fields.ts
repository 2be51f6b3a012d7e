import type { CustomerSubmission } from '@common/forms.ts';
import { ApiError } from '@/lib/api.ts';

/** The form's named inputs; the names are also the inputs' `name` and the error keys. */
export type FieldName =
  | 'name'
  | 'email'
  | 'phone'
  | 'address'
  | 'providerId'
  | 'username'
  | 'password'
  | 'notes'
  | 'consent';

export type FieldErrors = Partial<Record<FieldName, string>>;

/** The server's texts (common/forms.ts), so the inline message and the server's 400 agree. */
const REQUIRED_MESSAGES: Partial<Record<FieldName, string>> = {
  name: 'Name is required',
  email: 'Email is required',
  address: 'Service address is required',
  providerId: 'Please choose your utility provider',
  username: 'Utility username is required',
  password: 'Utility password is required',
  consent: 'Please tick the box to authorize access to your utility account',
};

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** Field order on the page: the first one with an error gets the focus. */
export const FIELD_ORDER: FieldName[] = [
  'name',
  'email',
  'phone',
  'address',
  'providerId',
  'username',
  'password',
  'notes',
  'consent',
];

type Validity = Pick<ValidityState, 'valid' | 'valueMissing' | 'typeMismatch'>;

/** The inline message for a field the browser found invalid, or null when it is valid. */
export function messageForValidity(field: FieldName, validity: Validity): string | null {
  if (validity.valid) return null;
  if (validity.valueMissing) return REQUIRED_MESSAGES[field] ?? 'This field is required';
  if (validity.typeMismatch && field === 'email') return INVALID_EMAIL_MESSAGE;
  return 'Please check this field';
}

export type FormValues = Record<Exclude<FieldName, 'consent'>, string> & { consent: boolean };

/** What the browser lets through but the server refuses: required fields holding only spaces. */
export function validateCustomerForm(values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['name', 'email', 'address', 'providerId', 'username'] as const) {
    if (values[field].trim() === '') errors[field] = REQUIRED_MESSAGES[field];
  }
  if (values.password === '') errors.password = REQUIRED_MESSAGES.password;
  if (!values.consent) errors.consent = REQUIRED_MESSAGES.consent;
  return errors;
}

/** The POST body: trimmed text, empty optional fields left out, one key per filled-in form. */
export function toSubmission(values: FormValues, submissionKey: string): CustomerSubmission {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: optional(values.phone),
    address: values.address.trim(),
    providerId: Number(values.providerId),
    username: values.username.trim(),
    // A password is sent as typed: spaces may be part of it.
    password: values.password,
    notes: optional(values.notes),
    consent: true,
    submissionKey,
  };
}

/**
 * A new idempotency key. crypto.randomUUID exists only on secure origins; a server reached by
 * its LAN address over http still has getRandomValues.
 */
export function newSubmissionKey(cryptoImpl: Crypto = globalThis.crypto): string {
  if (typeof cryptoImpl.randomUUID === 'function') return cryptoImpl.randomUUID();
  const bytes = cryptoImpl.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const SUBMISSION_FALLBACK_MESSAGE = 'Please try again later.';

/**
 * The "Submission Failed" description: what the server said about the input (4xx) or the
 * connection (no answer); a server fault says only to try later.
 */
export function submissionErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.message.trim() !== '') {
    return error.message;
  }
  return SUBMISSION_FALLBACK_MESSAGE;
}
