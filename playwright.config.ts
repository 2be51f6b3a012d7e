import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, E2E_SMTP_PORT } from './e2e/env.ts';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  // One retry, reported as flaky in the list: a journey that fails twice is a real failure. The
  // provider journey's nested-dialog Escape step has failed about once in ten full runs, cause
  // not found; one such miss must not sink a whole CI run.
  retries: 1,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // The system Chromium (Debian): Playwright's own browser downloads cannot reach the internet here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // Build first unless the bundle is newer than its sources, so the tests never run against a
    // stale bundle, and start from an empty data folder, so every run gets a new embedded
    // database (also under CI, where DATABASE_URL is set for the API suite).
    command: `rm -rf '${E2E_DATA_DIR}' && node scripts/build-if-stale.mjs && node dist/server/main.js`,
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      FORM_RATE_LIMIT: '1000',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // The tests' own webhook receivers and login portals listen on loopback.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      BROWSER_ALLOWED_HOSTS: '127.0.0.1',
      // Mail goes to the run's SMTP peer (e2e/global-setup.ts).
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      PUBLIC_URL: E2E_BASE_URL,
    },
  },
});
