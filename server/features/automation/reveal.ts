import type { Page } from 'playwright-core';
import { PRE_LOGIN_STEP_LIMIT, type PreLoginStep } from '../../../common/automation.ts';
import { type Control, resolveLocator, scanControls, verifiedSelectors } from './frames.ts';

/**
 * The clicks some login pages need before their form can be filled: a cookie or consent banner
 * over the page, and the radio, tab, link or button that shows a sign-in form hidden until it is
 * chosen ("I have an account", a "Sign in" tab, a button opening a dialog). Detection finds and
 * records them; every later login replays them first.
 */

/** Words of a control that shows the sign-in form (English, Spanish, French). */
const SIGN_IN =
  /\b(sign ?in|log ?in|login|log ?on|logon)\b|\b(already )?have an account\b|\bexisting (customer|user|account)\b|\breturning (customer|user)\b|iniciar sesi[oó]n|\bingresar\b|\bacceder\b|\bentrar\b|ya tengo (una )?cuenta|ya soy cliente|se connecter|\bconnexion\b|me connecter|j'ai d[ée]j[àa] un compte|d[ée]j[àa] client|identifiez-vous|s'identifier/;
/** Words of a control that leads anywhere else: registration, a reset, a search, social logins. */
const NOT_SIGN_IN =
  /sign ?up|regist|create|\bnew\b|nuevo|nueva|nouveau|nouvelle|don'?t have|do not have|no account|forgot|reset|sign ?out|log ?out|d[ée]connexion|d[ée]connecter|inscri|cr[ée]er|n'ai pas|pas de compte|oubli|no tengo|crear|olvid|cerrar sesi|search|buscar|recherch|\bhelp\b|aide|ayuda|\bwith\b|avec|\bcon (google|facebook|apple)|google|facebook|apple|microsoft/;
/** Attributes of a sign-in control whose words say little ("Account holders"). */
const SIGN_IN_HINTS = /login|log-in|signin|sign-in|sign_in|existing|returning/;
/** The whole text of a banner's accept button. */
const CONSENT_TEXT =
  /^(accept|accept all|accept all cookies|accept cookies|accept and close|accept & close|allow all|allow all cookies|allow cookies|i agree|agree|agree and close|i accept|ok|okay|got it|continue|accepter|tout accepter|accepter tout|accepter et fermer|accepter les cookies|j'accepte|d'accord|ok, j'ai compris|aceptar|aceptar todo|aceptar todas|aceptar cookies|aceptar todas las cookies|acepto|de acuerdo|entendido|permitir todas)$/;
/** Accept buttons of the common consent tools, by id. */
const CONSENT_IDS =
  /onetrust-accept-btn-handler|accept-recommended-btn-handler|cybotcookiebotdialogbodylevelbuttonleveloptinallowall|cybotcookiebotdialogbodybuttonaccept|didomi-notice-agree-button|truste-consent-button|cookie-?accept|accept-?cookies/;
/** What the page is asked for: anything that could be one of the above (checked again here). */
const WANTED =
  /sign ?in|log ?in|login|log ?on|account|customer|iniciar|ingresar|acceder|entrar|cuenta|cliente|connect|connexion|compte|identif|accept|agree|allow|\bok\b|okay|got it|continue|accepter|d['’]accord|aceptar|acepto|acuerdo|entendido|permitir|cookie|consent|existing|returning|signin/;

/** How long a step's control may take to show when a login replays it. */
const STEP_WAIT_MS = 3_000;
/** How long one click may take. */
const ACT_MS = 3_000;
/** Controls tried at most on one page, whatever they did. */
const MAX_TRIES = 8;
const POLL_MS = 250;

const words = (s: string) => s.toLowerCase().replace(/[’`´]/g, "'").replace(/\s+/g, ' ').trim();

/** How much a control looks like a consent banner's accept button; below 50 it is not clicked. */
export function consentScore(c: Control): number {
  if (CONSENT_IDS.test(c.hints)) return 100;
  const text = words(c.shown).replace(/[.!]+$/, '');
  if (!c.consentArea || !CONSENT_TEXT.test(text)) return Number.NEGATIVE_INFINITY;
  return /all|tout|todo|todas/.test(text) ? 60 : 50;
}

/** How much a control looks like what shows the sign-in form; below 45 it is not tried. */
export function revealScore(c: Control): number {
  const text = words(c.shown);
  if (c.consentArea || c.reloads || c.target === 'register' || c.target === 'other') {
    return Number.NEGATIVE_INFINITY;
  }
  if (NOT_SIGN_IN.test(text)) return Number.NEGATIVE_INFINITY;
  let score = 0;
  if (SIGN_IN.test(text)) score += 50;
  else if (SIGN_IN_HINTS.test(c.hints)) score += 25;
  if (NOT_SIGN_IN.test(c.hints)) score -= 40;
  if (c.target === 'login') score += 40;
  if (c.role === 'tab') score += 10;
  if (c.expanded === 'false') score += 10;
  if (c.selected) score -= 40;
  if (text.length > 40) score -= 20;
  return score;
}

const keyOf = (c: Control) => `${c.framePath}${c.selectors[0] ?? c.order}`;

/** One page's search for the clicks before its form: what was done, what was tried. */
export type Revealer = {
  steps: PreLoginStep[];
  /** When the page last changed because of us (or opened): a form may still be on its way. */
  quietSince: number;
  /**
   * Dismisses a consent banner if one shows; else, when `reveal`, clicks the best control that
   * may show the sign-in form. True when something was clicked.
   */
  next(reveal: boolean): Promise<boolean>;
};

export function startReveal(page: Page): Revealer {
  const tried = new Set<string>();
  const state: Revealer = {
    steps: [],
    quietSince: Date.now(),
    async next(reveal) {
      if (state.steps.length >= PRE_LOGIN_STEP_LIMIT || tried.size >= MAX_TRIES) return false;
      const controls = (await scanControls(page, new RegExp(WANTED.source, 'i'))).filter(
        (c) => c.selectors.length > 0 && !tried.has(keyOf(c)),
      );
      const pick = (score: (c: Control) => number, floor: number) =>
        controls
          .map((c) => ({ c, score: score(c) }))
          .filter((r) => r.score >= floor)
          .sort((a, b) => b.score - a.score || a.c.order - b.c.order)[0]?.c;
      const consent = pick(consentScore, 50);
      const control = consent ?? (reveal ? pick(revealScore, 45) : undefined);
      if (!control) return false;
      tried.add(keyOf(control));
      const step = await act(page, control, consent ? 'consent' : 'reveal');
      if (step) state.steps.push(step);
      state.quietSince = Date.now();
      return true;
    },
  };
  return state;
}

/** Clicks (or checks) a control and says how to do it again; null when that failed. */
async function act(
  page: Page,
  control: Control,
  why: PreLoginStep['why'],
): Promise<PreLoginStep | null> {
  const [selector] = await verifiedSelectors(page, control);
  if (!selector || selector.length > 500) return null;
  try {
    const locator = resolveLocator(page, selector);
    if (control.action === 'check') await locator.check({ timeout: ACT_MS });
    else await locator.click({ timeout: ACT_MS });
  } catch {
    return null;
  }
  await page.waitForLoadState('domcontentloaded').catch(() => {});
  return { action: control.action, selector, text: control.shown.slice(0, 200), why };
}

/**
 * Makes a provider's recorded clicks, in order. A control that does not show within a few
 * seconds is passed over (a banner already dismissed, a form already shown); one that fails is
 * too: the search for the form that follows says what is missing.
 */
export async function replayPreLoginSteps(
  page: Page,
  steps: readonly PreLoginStep[],
  deadline: number,
): Promise<void> {
  for (const step of steps.slice(0, PRE_LOGIN_STEP_LIMIT)) {
    const locator = resolveLocator(page, step.selector).filter({ visible: true }).first();
    const until = Math.min(deadline, Date.now() + STEP_WAIT_MS);
    let shown = false;
    for (;;) {
      shown = (await locator.count().catch(() => 0)) > 0;
      if (shown || Date.now() >= until) break;
      await page.waitForTimeout(POLL_MS);
    }
    if (!shown) continue;
    try {
      const timeout = Math.max(500, Math.min(ACT_MS, deadline - Date.now()));
      if (step.action === 'check') await locator.check({ timeout });
      else await locator.click({ timeout });
    } catch {
      continue;
    }
    await page.waitForLoadState('domcontentloaded').catch(() => {});
  }
}
