import os from 'node:os';
import path from 'node:path';

/** Settings shared by playwright.config.ts and the tests. */
/** E2E_PORT lets two runs on one machine use their own server and data folder. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5180);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** Emptied before every run, so each run starts from a new database. */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `utility-reports-e2e-${E2E_PORT}`);
/** The first admin the server creates at start-up from ADMIN_USERNAME and ADMIN_PASSWORD. */
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password' };
/** The run's SMTP peer (e2e/global-setup.ts); the e2e server's SMTP_URL points at it. */
export const E2E_SMTP_PORT = E2E_PORT + 25;
/** Where the peer keeps what it received, one JSON file per message. */
export const E2E_MAIL_DIR = path.join(os.tmpdir(), `utility-reports-e2e-mail-${E2E_PORT}`);
