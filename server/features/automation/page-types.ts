/** What the in-page scan (page-scan.ts) returns, and what it is asked. */

/** A visible input or button of one frame, with the evidence the ranking weighs. */
export type RawCandidate = {
  /** Position in document order, shadow roots included. */
  order: number;
  kind: 'field' | 'button';
  tag: string;
  /** `type` of an input or button, lower case ('' when absent). */
  type: string;
  enabled: boolean;
  autocomplete: string;
  /** id, name, labels, aria text, placeholder, title, nearby text: lower case, ' | ' joined. */
  hints: string;
  /** A button's visible text or value, lower case. */
  text: string;
  /** Index of the enclosing form (or role=form/search/dialog), -1 when none. */
  container: number;
  containerHints: string;
  containerHasPassword: boolean;
  inShadow: boolean;
  /** Selectors matching only this element in the frame, most robust first. */
  selectors: string[];
};

/** What the page shows, for classifying the result of a login. */
export type PageSignals = {
  lines: string[];
  captcha: boolean;
  otpField: boolean;
  visiblePassword: boolean;
  title: string;
};

export type ScanRequest =
  | { mode: 'candidates' }
  | { mode: 'selectors'; target: Element }
  | { mode: 'signals'; captchaMarkers: string };

export type ScanResult = RawCandidate[] | string[] | PageSignals;

/** Elements that mean a captcha is shown: reCAPTCHA, hCaptcha, Turnstile, Arkose, home-made. */
export const CAPTCHA_MARKERS = [
  '.g-recaptcha',
  '.h-captcha',
  '.cf-turnstile',
  '[data-sitekey]',
  'iframe[src*="recaptcha"]',
  'iframe[src*="hcaptcha"]',
  'iframe[src*="challenges.cloudflare.com"]',
  'iframe[src*="arkoselabs"]',
  'iframe[title*="captcha" i]',
  'img[src*="captcha" i]',
  'input[name*="captcha" i]',
  '#captcha',
].join(',');
