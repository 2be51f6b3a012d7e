export { providerFailure, StripePayments } from './stripe.ts';
export { TestModePayments } from './test-mode.ts';
export type * from './types.ts';
