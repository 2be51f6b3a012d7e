import { CustomerSubmission } from '@common/forms.ts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api.ts';
import {
  checkCustomerForm,
  FIELD_ORDER,
  type FormValues,
  messageForInvalidField,
  newSubmissionKey,
  submissionErrorMessage,
} from './customer-form-fields.ts';

const filled: FormValues = {
  name: '  Dana Lee ',
  email: ' dana@example.com ',
  phone: '',
  address: '1 Main St, Fresno, CA',
  providerId: '7',
  username: ' dana.lee ',
  password: ' secret pass ',
  notes: '   ',
  consent: true,
};

const empty: FormValues = {
  name: '',
  email: '',
  phone: '',
  address: '',
  providerId: '',
  username: '',
  password: '',
  notes: '',
  consent: false,
};

const CONSENT_MESSAGE = 'Please tick the box to authorize access to your utility account';

describe('FIELD_ORDER', () => {
  it("names every field of the endpoint's schema but the page's own key", () => {
    const schemaFields = Object.keys(CustomerSubmission.shape).filter(
      (field) => field !== 'submissionKey',
    );
    expect([...FIELD_ORDER].sort()).toEqual(schemaFields.sort());
  });
});

describe('messageForInvalidField', () => {
  it("says what the server's schema says about a missing value", () => {
    expect(messageForInvalidField('name', '')).toBe('Name is required');
    expect(messageForInvalidField('email', '')).toBe('Email is required');
    expect(messageForInvalidField('address', '')).toBe('Service address is required');
    expect(messageForInvalidField('providerId', '')).toBe('Please choose your utility provider');
    expect(messageForInvalidField('username', '')).toBe('Utility username is required');
    expect(messageForInvalidField('password', '')).toBe('Utility password is required');
    expect(messageForInvalidField('consent', false)).toBe(CONSENT_MESSAGE);
  });

  it('names a malformed email', () => {
    expect(messageForInvalidField('email', 'dana@')).toBe('Please enter a valid email address');
  });

  it('falls back to a plain request when the schema has nothing to say', () => {
    expect(messageForInvalidField('name', 'Dana Lee')).toBe('Please check this field');
  });
});

describe('checkCustomerForm', () => {
  it("sends the schema's output: trimmed text, empty optional fields null, the password as typed", () => {
    expect(checkCustomerForm(filled, 'key-12345678')).toEqual({
      ok: true,
      body: {
        name: 'Dana Lee',
        email: 'dana@example.com',
        phone: null,
        address: '1 Main St, Fresno, CA',
        providerId: 7,
        username: 'dana.lee',
        password: ' secret pass ',
        notes: null,
        consent: true,
        submissionKey: 'key-12345678',
      },
    });
  });

  it("sends a body the server's schema accepts as it is", () => {
    const checked = checkCustomerForm(filled, newSubmissionKey());
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    expect(CustomerSubmission.parse(checked.body)).toEqual(checked.body);
  });

  it('names every missing required field, and no optional one', () => {
    expect(checkCustomerForm(empty, 'key-12345678')).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        email: 'Email is required',
        address: 'Service address is required',
        providerId: 'Please choose your utility provider',
        username: 'Utility username is required',
        password: 'Utility password is required',
        consent: CONSENT_MESSAGE,
      },
    });
  });

  it('refuses what the browser lets through: spaces, a missing consent, an email the server refuses', () => {
    const checked = checkCustomerForm(
      { ...filled, name: '   ', address: ' ', email: 'dana@example', consent: false },
      'key-12345678',
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        email: 'Please enter a valid email address',
        address: 'Service address is required',
        consent: CONSENT_MESSAGE,
      },
    });
  });

  it('keeps a password of spaces, which may be a real one', () => {
    expect(checkCustomerForm({ ...filled, password: '   ' }, 'key-12345678').ok).toBe(true);
  });
});

describe('newSubmissionKey', () => {
  it('makes a key the server accepts, with or without randomUUID', () => {
    const pattern = /^[A-Za-z0-9_-]{8,64}$/;
    expect(newSubmissionKey()).toMatch(pattern);
    const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) } as Crypto;
    const key = newSubmissionKey(insecure);
    expect(key).toMatch(pattern);
    expect(key).not.toBe(newSubmissionKey(insecure));
  });
});

describe('submissionErrorMessage', () => {
  it("shows the server's message for a refused submission", () => {
    const error = new ApiError('Please enter a valid email address', 400, {});
    expect(submissionErrorMessage(error)).toBe('Please enter a valid email address');
  });

  it('asks to try later on a server fault or an unknown error', () => {
    expect(submissionErrorMessage(new ApiError('Internal Server Error', 500, null))).toBe(
      'Please try again later.',
    );
    expect(submissionErrorMessage(new Error('boom'))).toBe('Please try again later.');
  });
});
