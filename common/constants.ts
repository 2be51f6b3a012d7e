/** Product-wide constants shown on public pages and in emails. */
export const PRODUCT_NAME = 'UtilityReports';
export const CONTACT_EMAIL = 'sales@utilityreports.io';

/** Upload limits and list lengths; the client and the server read the same figures. */
export const MAX_CONNECTION_FILE_BYTES = 10_485_760;
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
export const RECENT_CONNECTIONS_SHOWN = 3;
export const ADMIN_PAGE_SIZE = 10;

/** Shortest password accepted at registration. */
export const PASSWORD_MIN_LENGTH = 8;

/** Shown wherever test mode (no Stripe keys) could be mistaken for real billing. */
export const TEST_MODE_BANNER = 'Test mode: no card is charged';
