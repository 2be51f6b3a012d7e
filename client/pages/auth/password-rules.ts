/**
 * The server's minimum password length (common/api.ts PASSWORD_MIN_LENGTH). Copied rather
 * than imported because importing common/api.ts brings zod (~25 KB gzipped) into the page;
 * password-rules.test.ts fails if the two ever differ.
 */
export const PASSWORD_MIN_LENGTH = 8;
