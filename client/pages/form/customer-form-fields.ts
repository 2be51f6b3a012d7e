import { CustomerSubmission } from '@common/forms.ts';
import { ApiError } from '@/lib/api.ts';

/** What the customer fills in: the endpoint's schema without the key the page adds. */
const CustomerFormFields = CustomerSubmission.omit({ submissionKey: true });

/** The form's named inputs; the names are also the inputs' `name` and the error keys. */
export type FieldName = keyof typeof CustomerFormFields.shape;

export type FieldErrors = Partial<Record<FieldName, string>>;

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

const FALLBACK_FIELD_MESSAGE = 'Please check this field';

/**
 * The inline message for a field the browser stopped on (its `invalid` event): what the
 * endpoint's schema says about the value, so the browser and the server's 400 agree.
 */
export function messageForInvalidField(field: FieldName, value: string | boolean): string {
  const parsed = CustomerFormFields.shape[field].safeParse(value);
  return parsed.success
    ? FALLBACK_FIELD_MESSAGE
    : (parsed.error.issues[0]?.message ?? FALLBACK_FIELD_MESSAGE);
}

export type FormValues = Record<Exclude<FieldName, 'consent'>, string> & { consent: boolean };

export type CheckedCustomerForm =
  | { ok: true; body: CustomerSubmission }
  | { ok: false; errors: FieldErrors };

/**
 * Checks the form with the endpoint's own schema, which also catches what the browser lets
 * through (required fields holding only spaces, an email the server would refuse). The body is
 * the schema's output: trimmed text, empty optional fields null, the password as typed.
 */
export function checkCustomerForm(values: FormValues, submissionKey: string): CheckedCustomerForm {
  const parsed = CustomerFormFields.safeParse(values);
  if (parsed.success) return { ok: true, body: { ...parsed.data, submissionKey } };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    // An object's issues start their path with its key; a field shows its first problem.
    const field = issue.path[0] as FieldName;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
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

const SUBMISSION_FALLBACK_MESSAGE = 'Please try again later.';

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
