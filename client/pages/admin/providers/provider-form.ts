import type { PreLoginStep } from '@common/automation.ts';
import { COUNTRIES, type CountryCode } from '@common/countries.ts';
import {
  type Provider,
  ProviderInput,
  ProviderUpdate,
  REQUIRED_FIELDS_MESSAGE,
} from '@common/providers.ts';
import type { z } from 'zod';

/** The add/edit form's fields, as the inputs hold them (empty string means none). */
export type ProviderFormValues = {
  name: string;
  /** ISO code, 'US' unless the utility is abroad. */
  country: CountryCode;
  state: string;
  /** Empty: the US state's zone. */
  timeZone: string;
  url: string;
  loginUrl: string;
  imageUrl: string | null;
  usernameSelector: string;
  passwordSelector: string;
  submitSelector: string;
  /** Clicks before the form, recorded by Analyze; shown read-only, cleared as a whole. */
  preLoginSteps: PreLoginStep[];
  billsPage: string;
  usagePage: string;
  exportControl: string;
  /** Signed in, the check fetches the files; off: an admin uploads them. */
  retrieveAutomatically: boolean;
  isActive: boolean;
};

export const EMPTY_PROVIDER_FORM: ProviderFormValues = {
  name: '',
  country: 'US',
  state: '',
  timeZone: '',
  url: '',
  loginUrl: '',
  imageUrl: null,
  usernameSelector: '',
  passwordSelector: '',
  submitSelector: '',
  preLoginSteps: [],
  billsPage: '',
  usagePage: '',
  exportControl: '',
  retrieveAutomatically: true,
  isActive: true,
};

export function providerFormValues(provider: Provider): ProviderFormValues {
  return {
    name: provider.name,
    country: (provider.country in COUNTRIES ? provider.country : 'US') as CountryCode,
    state: provider.state,
    timeZone: provider.timeZone ?? '',
    url: provider.url ?? '',
    loginUrl: provider.loginUrl ?? '',
    imageUrl: provider.imageUrl,
    usernameSelector: provider.usernameSelector ?? '',
    passwordSelector: provider.passwordSelector ?? '',
    submitSelector: provider.submitSelector ?? '',
    preLoginSteps: provider.preLoginSteps ?? [],
    billsPage: provider.billsPage ?? '',
    usagePage: provider.usagePage ?? '',
    exportControl: provider.exportControl ?? '',
    retrieveAutomatically: provider.retrieveAutomatically,
    isActive: provider.isActive,
  };
}

export type Checked<T> = { ok: true; body: T } | { ok: false; message: string };

/**
 * Checks the form with the server's own schema, so the browser says what the server would:
 * "Please fill in all required fields" first (the one thing to fix), then the first other problem.
 */
function check<T>(schema: z.ZodType<T>, values: ProviderFormValues): Checked<T> {
  if (values.name.trim() === '' || values.state === '') {
    return { ok: false, message: REQUIRED_FIELDS_MESSAGE };
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? REQUIRED_FIELDS_MESSAGE };
}

/** What POST /api/providers gets: no selectors, no active flag (a new provider is active). */
export function checkNewProvider(values: ProviderFormValues): Checked<ProviderInput> {
  return check(ProviderInput, values);
}

/** What PUT /api/providers/:id gets: everything, empty fields as null (which clears them). */
export function checkProviderUpdate(values: ProviderFormValues): Checked<ProviderUpdate> {
  return check(ProviderUpdate, values);
}

/**
 * A new provider's selectors and retrieval settings (shown once a login URL is typed) are saved
 * by a PUT after the POST; only when there is a login URL for them and one was filled in.
 */
export function savesSelectorsOnCreate(values: ProviderFormValues): boolean {
  if (values.loginUrl.trim() === '') return false;
  if (values.preLoginSteps.length > 0) return true;
  return [
    values.usernameSelector,
    values.passwordSelector,
    values.submitSelector,
    values.billsPage,
    values.usagePage,
    values.exportControl,
  ].some((setting) => setting.trim() !== '');
}
