// The fake Stripe lives in ./fake-stripe/ (its state, one file of routes per resource, and the
// HTTP plumbing); tests import it from here.
export * from './fake-stripe/index.ts';
