import type { RawCandidate } from './page-types.ts';

/** A candidate of one frame; `frame` is its index in the scan, `framePath` its iframe chain. */
export type Candidate = RawCandidate & { frame: number; framePath: string };
export type Ranked = { candidate: Candidate; score: number };

const USERNAME_WORDS =
  /user|login|log-in|logon|e-?mail|account|customer|member|sign.?in|client|identifier|\bid\b/;
const DECOY_WORDS =
  /search|query|keyword|\bq\b|newsletter|subscri|\bzip\b|postal|coupon|promo|captcha|otp|one.?time|phone|mobile|first.?name|last.?name|full.?name|street|city|amount|quantity/;
const DECOY_CONTAINER =
  /search|newsletter|subscri|sign-?up|register|registration|mailing|feedback|contact|enroll/;
const CONFIRM_WORDS = /confirm|repeat|retype|again|new.?pass|verify/;
const LOGIN_ACTION =
  /\b(sign ?in|log ?in|login|log ?on|logon|submit|continue|next|go|enter|access)\b/;
const SOCIAL_ACTION = /\bwith\b|google|facebook|apple|microsoft|\bsso\b|passkey/;
const OTHER_ACTION =
  /search|subscri|sign ?up|register|create|cr[ée]er|crear|inscri|registr|forgot|reset|cancel|back|show|hide|help|close|menu|remember|enroll|join|learn|chat|language|espa/;
const TEXT_TYPES = new Set(['', 'text', 'email', 'tel', 'number']);

const sameForm = (a: Candidate, b: Candidate) =>
  a.frame === b.frame && a.container !== -1 && a.container === b.container;

function scorePassword(c: Candidate): number {
  if (c.kind !== 'field' || c.type !== 'password') return Number.NEGATIVE_INFINITY;
  let score = 100;
  if (c.autocomplete === 'current-password') score += 20;
  if (c.autocomplete === 'new-password') score -= 40;
  if (CONFIRM_WORDS.test(c.hints)) score -= 40;
  if (DECOY_CONTAINER.test(c.containerHints)) score -= 30;
  if (!c.enabled) score -= 50;
  return score;
}

/** How much a field looks like the login's username, given the chosen password field. */
function scoreUsername(c: Candidate, password: Candidate | undefined, all: Candidate[]) {
  if (c.kind !== 'field' || !TEXT_TYPES.has(c.type)) return Number.NEGATIVE_INFINITY;
  let score = 10;
  if (c.autocomplete === 'username') score += 50;
  else if (c.autocomplete === 'email') score += 15;
  if (USERNAME_WORDS.test(c.hints)) score += 30;
  if (DECOY_WORDS.test(c.hints)) score -= 60;
  if (DECOY_CONTAINER.test(c.containerHints) && !c.containerHasPassword) score -= 40;
  if (!c.enabled) score -= 30;
  if (!password) return score;
  if (c.frame !== password.frame) return score - 40;
  if (sameForm(c, password)) score += 50;
  else if (c.container !== password.container && password.container !== -1) score -= 30;
  if (c.order < password.order) {
    score += 15;
    const between = all.some(
      (o) =>
        o !== c &&
        o.kind === 'field' &&
        o.frame === c.frame &&
        TEXT_TYPES.has(o.type) &&
        o.order > c.order &&
        o.order < password.order,
    );
    if (!between) score += 25;
  } else {
    score -= 20;
  }
  return score;
}

/** How much a control looks like the button that submits the field it follows. */
function scoreSubmit(c: Candidate, anchor: Candidate | undefined): number {
  if (c.kind !== 'button') return Number.NEGATIVE_INFINITY;
  let score = 0;
  const words = `${c.text} | ${c.hints}`;
  if (LOGIN_ACTION.test(words)) score += 40;
  if (SOCIAL_ACTION.test(c.text)) score -= 30;
  if (OTHER_ACTION.test(c.text)) score -= 60;
  if (c.type === 'submit' || (c.tag === 'button' && c.type === '' && c.container !== -1)) {
    score += 20;
  }
  if (DECOY_CONTAINER.test(c.containerHints) && !c.containerHasPassword) score -= 40;
  if (!c.enabled) score -= 10;
  if (!anchor) return score;
  if (c.frame !== anchor.frame) return score - 50;
  if (sameForm(c, anchor)) score += 50;
  else if (anchor.container !== -1) score -= 20;
  score += c.order > anchor.order ? 15 : -10;
  return score;
}

/** A password field that sets a password: new-password, a confirmation, or one of two in a form. */
const settingPassword = (c: Candidate, all: Ranked[]) =>
  c.autocomplete === 'new-password' ||
  CONFIRM_WORDS.test(c.hints) ||
  all.some((o) => o.candidate !== c && o.candidate.type === 'password' && sameForm(o.candidate, c));

/** Every password field shown belongs to a registration form: the sign-in form is elsewhere. */
export const onlyRegistration = (ranking: FormRanking) =>
  ranking.passwords.length > 0 &&
  ranking.passwords.every(({ candidate }) => settingPassword(candidate, ranking.passwords));

const best = (list: Ranked[]) => list.filter((r) => r.score > 0).sort((a, b) => b.score - a.score);

export type FormRanking = {
  passwords: Ranked[];
  usernames: Ranked[];
  submits: Ranked[];
  /** A username field and its Continue button, with no password field yet. */
  identifierFirst: boolean;
};

/** Ranks every candidate for the three roles, best first, keeping only plausible ones. */
export function rankLoginForm(all: Candidate[]): FormRanking {
  const passwords = best(all.map((candidate) => ({ candidate, score: scorePassword(candidate) })));
  const password = passwords[0]?.candidate;
  const usernames = best(
    all.map((candidate) => ({ candidate, score: scoreUsername(candidate, password, all) })),
  );
  const anchor = password ?? usernames[0]?.candidate;
  const submits = best(
    all.map((candidate) => ({ candidate, score: scoreSubmit(candidate, anchor) })),
  );
  const user = usernames[0];
  const identifierFirst =
    !password &&
    user !== undefined &&
    user.score >= 40 &&
    // A form that shows a password field is no identifier-first step (a registration form).
    !user.candidate.containerHasPassword &&
    submits.some((s) => s.score >= 60 && s.candidate.frame === user.candidate.frame);
  return { passwords, usernames, submits, identifierFirst };
}
