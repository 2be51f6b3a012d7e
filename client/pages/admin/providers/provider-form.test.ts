import type { Provider } from '@common/providers.ts';
import { REQUIRED_FIELDS_MESSAGE } from '@common/providers.ts';
import { describe, expect, it } from 'vitest';
import {
  checkNewProvider,
  checkProviderUpdate,
  EMPTY_PROVIDER_FORM,
  providerFormValues,
  savesSelectorsOnCreate,
} from './provider-form.ts';

const filled = {
  ...EMPTY_PROVIDER_FORM,
  name: '  Pacific Gas and Electric ',
  state: 'California',
  url: 'https://www.pge.com',
  loginUrl: '',
  usernameSelector: ' #user ',
};

describe('checkNewProvider', () => {
  it('asks for name and state before anything else', () => {
    expect(checkNewProvider(EMPTY_PROVIDER_FORM)).toEqual({
      ok: false,
      message: REQUIRED_FIELDS_MESSAGE,
    });
    expect(checkNewProvider({ ...filled, name: '   ' })).toEqual({
      ok: false,
      message: REQUIRED_FIELDS_MESSAGE,
    });
    expect(checkNewProvider({ ...filled, state: '', url: 'nonsense' })).toEqual({
      ok: false,
      message: REQUIRED_FIELDS_MESSAGE,
    });
  });

  it('then says what the server would about the other fields', () => {
    expect(checkNewProvider({ ...filled, url: 'ftp://pge.com' })).toEqual({
      ok: false,
      message: 'Website must be a valid http(s) URL',
    });
    expect(checkNewProvider({ ...filled, state: 'Ontario' })).toEqual({
      ok: false,
      message: 'State must be one of the 50 US states',
    });
  });

  it('sends trimmed values, empty ones as null, and no selectors', () => {
    expect(checkNewProvider({ ...filled, imageUrl: '/objects/logos/abc_1.png' })).toEqual({
      ok: true,
      body: {
        name: 'Pacific Gas and Electric',
        country: 'US',
        state: 'California',
        timeZone: null,
        url: 'https://www.pge.com',
        loginUrl: null,
        imageUrl: '/objects/logos/abc_1.png',
        retrieveAutomatically: true,
      },
    });
  });
});

describe('checkProviderUpdate', () => {
  it('sends every field, so an emptied one is cleared', () => {
    expect(
      checkProviderUpdate({
        ...filled,
        billsPage: ' /account/bills ',
        exportControl: 'Green Button',
        isActive: false,
      }),
    ).toEqual({
      ok: true,
      body: {
        name: 'Pacific Gas and Electric',
        country: 'US',
        state: 'California',
        timeZone: null,
        url: 'https://www.pge.com',
        loginUrl: null,
        imageUrl: null,
        usernameSelector: '#user',
        passwordSelector: null,
        submitSelector: null,
        preLoginSteps: [],
        billsPage: '/account/bills',
        usagePage: null,
        exportControl: 'Green Button',
        retrieveAutomatically: true,
        isActive: false,
      },
    });
  });
});

describe('a utility abroad', () => {
  const ontario = { ...filled, name: 'Toronto Hydro', country: 'CA' as const, state: 'Ontario' };

  it('names its region in its own words and needs the time zone its files are written in', () => {
    expect(checkNewProvider(ontario)).toEqual({
      ok: false,
      message: "Choose the time zone the utility's files are written in",
    });
    expect(checkNewProvider({ ...ontario, timeZone: 'America/Toronto' })).toMatchObject({
      ok: true,
      body: { country: 'CA', state: 'Ontario', timeZone: 'America/Toronto' },
    });
  });

  it('refuses a zone of another country, and a US utility outside the 50 states', () => {
    expect(checkNewProvider({ ...ontario, timeZone: 'Europe/London' })).toMatchObject({
      ok: false,
      message: expect.stringContaining("Time zone must be one of Canada's"),
    });
    expect(checkNewProvider({ ...filled, state: 'Ontario' })).toEqual({
      ok: false,
      message: 'State must be one of the 50 US states',
    });
  });

  it('lets a US utility keep its state’s zone or name another of the country’s', () => {
    expect(checkNewProvider(filled)).toMatchObject({ ok: true, body: { timeZone: null } });
    expect(checkNewProvider({ ...filled, timeZone: 'America/Phoenix' })).toMatchObject({
      ok: true,
      body: { timeZone: 'America/Phoenix' },
    });
  });
});

describe('providerFormValues', () => {
  it('fills the form from a provider, nulls as empty inputs', () => {
    const provider: Provider = {
      id: 7,
      name: 'Xcel Energy',
      country: 'US',
      state: 'Colorado',
      timeZone: null,
      url: null,
      loginUrl: 'https://my.xcelenergy.com/login',
      imageUrl: '/objects/logos/x.png',
      isActive: false,
      usernameSelector: null,
      passwordSelector: '#pw',
      submitSelector: null,
      billsPage: 'Billing History',
      usagePage: null,
      exportControl: null,
      preLoginSteps: [
        { action: 'check', selector: '#existing', text: 'I have an account', why: 'reveal' },
      ],
      knownSelectors: null,
      retrieveAutomatically: false,
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:00.000Z',
    };
    const values = providerFormValues(provider);
    expect(values).toEqual({
      name: 'Xcel Energy',
      country: 'US',
      state: 'Colorado',
      timeZone: '',
      url: '',
      loginUrl: 'https://my.xcelenergy.com/login',
      imageUrl: '/objects/logos/x.png',
      usernameSelector: '',
      passwordSelector: '#pw',
      submitSelector: '',
      preLoginSteps: [
        { action: 'check', selector: '#existing', text: 'I have an account', why: 'reveal' },
      ],
      billsPage: 'Billing History',
      usagePage: '',
      exportControl: '',
      retrieveAutomatically: false,
      isActive: false,
    });
    expect(checkProviderUpdate(values)).toMatchObject({
      ok: true,
      body: { retrieveAutomatically: false },
    });
  });
});

describe('savesSelectorsOnCreate', () => {
  it('saves a new provider’s selectors only when there is a login URL and one was filled in', () => {
    const withUrl = { ...filled, loginUrl: 'https://example.com/login', usernameSelector: '' };
    expect(savesSelectorsOnCreate(withUrl)).toBe(false);
    expect(savesSelectorsOnCreate({ ...withUrl, submitSelector: '#go' })).toBe(true);
    expect(savesSelectorsOnCreate({ ...withUrl, usagePage: 'Energy Usage' })).toBe(true);
    expect(savesSelectorsOnCreate({ ...withUrl, loginUrl: ' ', submitSelector: '#go' })).toBe(
      false,
    );
  });
});
