import { CustomerSubmission } from '@common/forms.ts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api.ts';
import {
  type FormValues,
  messageForValidity,
  newSubmissionKey,
  submissionErrorMessage,
  toSubmission,
  validateCustomerForm,
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

const valid = { valid: true, valueMissing: false, typeMismatch: false };

describe('messageForValidity', () => {
  it('says nothing about a valid field', () => {
    expect(messageForValidity('name', valid)).toBeNull();
  });

  it("uses the server's texts for missing values and a malformed email", () => {
    const missing = { ...valid, valid: false, valueMissing: true };
    expect(messageForValidity('name', missing)).toBe('Name is required');
    expect(messageForValidity('providerId', missing)).toBe('Please choose your utility provider');
    expect(messageForValidity('password', missing)).toBe('Utility password is required');
    expect(messageForValidity('email', { ...valid, valid: false, typeMismatch: true })).toBe(
      'Please enter a valid email address',
    );
  });
});

describe('validateCustomerForm', () => {
  it('accepts a filled-in form', () => {
    expect(validateCustomerForm(filled)).toEqual({});
  });

  it('refuses required fields holding only spaces, and a missing consent', () => {
    expect(validateCustomerForm({ ...filled, name: '   ', address: ' ', consent: false })).toEqual({
      name: 'Name is required',
      address: 'Service address is required',
      consent: 'Please tick the box to authorize access to your utility account',
    });
  });
});

describe('toSubmission', () => {
  it('trims text, leaves out empty optional fields and keeps the password as typed', () => {
    const body = toSubmission(filled, 'key-12345678');
    expect(body).toEqual({
      name: 'Dana Lee',
      email: 'dana@example.com',
      phone: undefined,
      address: '1 Main St, Fresno, CA',
      providerId: 7,
      username: 'dana.lee',
      password: ' secret pass ',
      notes: undefined,
      consent: true,
      submissionKey: 'key-12345678',
    });
  });

  it("is what the server's schema accepts", () => {
    const body = toSubmission(filled, newSubmissionKey());
    expect(CustomerSubmission.safeParse(body).success).toBe(true);
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
