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

/**
 * A visible control that may dismiss a consent banner or show a sign-in form hidden until it
 * is chosen (a radio, a tab, a link, a button).
 */
export type RawControl = {
  order: number;
  tag: string;
  type: string;
  role: string;
  /** Its words as shown (text, value, aria-label, title, or a radio's label), at most 120. */
  shown: string;
  /** id, name, class, value, href and what it controls, lower case. */
  hints: string;
  /**
   * What the container it shows holds (aria-controls, a `#id` link, data-target): a sign-in
   * form, a registration form, other fields, or nothing known.
   */
  target: 'login' | 'register' | 'other' | '';
  /** Its aria-expanded, '' when absent. */
  expanded: string;
  /** Already chosen: a selected tab, a checked radio. */
  selected: boolean;
  /** Inside something that says cookies or consent. */
  consentArea: boolean;
  /** A link to the very page shown: following it only reloads. */
  reloads: boolean;
  /** `check` for a visible radio or checkbox; a hidden one is clicked through its label. */
  action: 'click' | 'check';
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
  | { mode: 'signals'; captchaMarkers: string }
  /** Controls whose words or attributes match `pattern` (a RegExp source, case-insensitive). */
  | { mode: 'controls'; pattern: string };

export type ScanResult = RawCandidate[] | string[] | PageSignals | RawControl[];

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
