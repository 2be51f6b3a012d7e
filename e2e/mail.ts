import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_MAIL_DIR } from './env.ts';

/** `from` and `replyTo` are the headers as written ("Name" <address>), '' when absent. */
export type Mail = {
  to: string;
  from: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
};

/** The first message the run's SMTP peer received that matches, waiting up to `timeoutMs`. */
export async function waitForMail(
  predicate: (mail: Mail) => boolean,
  timeoutMs = 60_000,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = readdirSync(E2E_MAIL_DIR)
          .sort()
          .map((name) => JSON.parse(readFileSync(path.join(E2E_MAIL_DIR, name), 'utf8')) as Mail)
          .find(predicate);
        return found !== undefined;
      },
      { timeout: timeoutMs, intervals: [500] },
    )
    .toBe(true);
  if (!found) throw new Error('no matching message');
  return found;
}
