import type { Locator, Page } from 'playwright-core';
import { pageFunction } from '../../lib/browser/page-function.ts';
import { readSignals } from './frames.ts';

/**
 * The job's side of a code request: it tells the customer (once), waits for their answers, and
 * hears how it ended. Implemented over the mfa_challenges table (verification.ts).
 */
export type MfaHandler = {
  /** The portal asks for a code; `options` when it lets the customer choose where it goes. */
  ask(options: string[]): Promise<void>;
  /** The customer's choice; null when none came in time. */
  choice(): Promise<string | null>;
  /** The choice was made in the portal: now the customer is asked for the code. */
  askCode(): Promise<void>;
  code(): Promise<string | null>;
  finish(status: 'succeeded' | 'failed' | 'expired', message: string): Promise<void>;
};

export type MfaOutcome =
  | { ok: true }
  | { ok: false; reason: 'no_choice' | 'no_code' | 'wrong_code' | 'unreadable' };

const OTP_SELECTOR =
  'input[autocomplete="one-time-code"], input[name*="otp" i], input[id*="otp" i], input[name*="code" i], input[id*="code" i], input[inputmode="numeric"]';
const WRONG_CODE =
  /incorrect|invalid|expired|does ?n.t match|did ?n.t match|try again|wrong code|not (valid|recognized)/i;
const SUBMIT_WAIT_MS = 15_000;
const SETTLE_MS = 1_500;

type Offer = { id: number; label: string; radio: boolean };

/** Where the portal offers to send the code: radios or buttons naming text, call or email. */
const scanOffers = pageFunction((): Offer[] => {
  const CHANNEL = /\b(text|sms|call|phone|voice|e-?mail)\b/i;
  const offers: Offer[] = [];
  let id = 0;
  const visible = (el: HTMLElement) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  for (const radio of Array.from(
    document.querySelectorAll<HTMLInputElement>('input[type="radio"]'),
  )) {
    const label = (radio.labels?.[0]?.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (
      !CHANNEL.test(label) ||
      !(visible(radio) || (radio.labels?.[0] && visible(radio.labels[0])))
    )
      continue;
    radio.setAttribute('data-mfa-offer', String(id));
    offers.push({ id: id++, label: label.slice(0, 200), radio: true });
  }
  if (offers.length > 0) return offers;
  for (const button of Array.from(
    document.querySelectorAll<HTMLElement>('button, a[href], [role="button"]'),
  )) {
    const label = (button.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!visible(button) || !CHANNEL.test(label) || !/send|me\b|via|by\b|code/i.test(label))
      continue;
    button.setAttribute('data-mfa-offer', String(id));
    offers.push({ id: id++, label: label.slice(0, 200), radio: false });
  }
  return offers;
});

async function otpField(page: Page): Promise<Locator | null> {
  const field = page.locator(OTP_SELECTOR).filter({ visible: true }).first();
  return (await field.count().catch(() => 0)) > 0 ? field : null;
}

async function waitForOtpField(page: Page, deadline: number): Promise<Locator | null> {
  for (;;) {
    await page.waitForLoadState('domcontentloaded').catch(() => {});
    const field = await otpField(page);
    if (field || Date.now() >= deadline) return field;
    await page.waitForTimeout(250);
  }
}

/** The button that sends a form: the one in the same form as `near`, else Enter. */
async function submitNear(near: Locator): Promise<void> {
  const form = near.locator('xpath=ancestor::form[1]');
  const button = form.locator('button[type="submit"], button:not([type]), input[type="submit"]');
  if ((await button.count().catch(() => 0)) > 0) await button.first().click();
  else await near.press('Enter');
}

/**
 * Answers a portal's code step with the customer: their choice of where the code goes (when
 * the portal offers one), then the code they received, typed into the waiting page.
 */
export async function completeMfa(page: Page, handler: MfaHandler): Promise<MfaOutcome> {
  let field = await otpField(page);
  if (!field) {
    const offers = await page.evaluate(scanOffers).catch(() => [] as Offer[]);
    if (offers.length === 0) {
      await handler.finish(
        'failed',
        'The utility asked for a code in a way the service cannot handle.',
      );
      return { ok: false, reason: 'unreadable' };
    }
    await handler.ask(offers.map((o) => o.label));
    const choice = await handler.choice();
    const offer = offers.find((o) => o.label === choice);
    if (!offer) return { ok: false, reason: 'no_choice' };
    const control = page.locator(`[data-mfa-offer="${offer.id}"]`);
    if (offer.radio) {
      await control.check();
      await submitNear(control);
    } else {
      await control.click();
    }
    field = await waitForOtpField(page, Date.now() + SUBMIT_WAIT_MS);
    if (!field) {
      await handler.finish('failed', 'The utility did not show where to type the code.');
      return { ok: false, reason: 'unreadable' };
    }
    await handler.askCode();
  } else {
    await handler.ask([]);
  }
  const code = await handler.code();
  if (!code) return { ok: false, reason: 'no_code' };
  const seen = new Set((await readSignals(page)).lines);
  await field.fill(code);
  await submitNear(field);
  const deadline = Date.now() + SUBMIT_WAIT_MS;
  let goneSince: number | undefined;
  for (;;) {
    await page.waitForLoadState('domcontentloaded').catch(() => {});
    const signals = await readSignals(page);
    const fresh = signals.lines.filter((line) => !seen.has(line));
    const stillAsking = (await otpField(page)) !== null;
    if (stillAsking && fresh.some((line) => WRONG_CODE.test(line))) {
      return { ok: false, reason: 'wrong_code' };
    }
    if (!stillAsking && !signals.visiblePassword) {
      goneSince ??= Date.now();
      if (Date.now() - goneSince >= SETTLE_MS) return { ok: true };
    } else {
      goneSince = undefined;
    }
    if (Date.now() >= deadline)
      return { ok: false, reason: stillAsking ? 'wrong_code' : 'unreadable' };
    await page.waitForTimeout(250);
  }
}
