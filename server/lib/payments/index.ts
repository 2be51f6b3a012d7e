export { StripePayments } from './stripe.ts';
export { TestModePayments } from './testMode.ts';
export type * from './types.ts';
