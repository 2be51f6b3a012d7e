import type { PreLoginStep } from '../../common/automation.ts';
import type { KnownSelectorsOrigin } from '../../common/known-selectors.ts';

/**
 * Sign-in pages and field selectors of the starter utilities, as read in public scrapers: each
 * entry names the file it was read in (pinned to the commit read) and that commit's date. They
 * are facts about a page at that date, not a promise that the portal still looks so: Test Login
 * falls back to detection and tells the admin when the page no longer matches them.
 *
 * Selenium locators are written as the selectors Playwright reads: a by-id locator `x` as `#x`,
 * a by-name one as `[name="x"]`, an XPath as it stands, Playwright's get_by_role("button",
 * name="Sign In") as `role=button[name="Sign In"]`. Nothing here was guessed: a field no source
 * gave stays null and is detected on the page.
 */
export type KnownSelectors = {
  /** The starter provider's name, as in STARTER_PROVIDERS. */
  provider: string;
  loginUrl: string;
  usernameSelector: string;
  passwordSelector: string;
  /** Null: the source submits the form another way (Enter, form.submit()); detected here. */
  submitSelector: string | null;
  /** Clicks the source makes on the page before the form (a consent banner). */
  preLoginSteps?: PreLoginStep[];
  /** `identifier-first`: the source types the username, clicks `continueSelector`, then the password. */
  loginFlow: 'single-page' | 'identifier-first';
  continueSelector?: string;
  /** The public file the selectors were read in, at the commit read. */
  source: string;
  /** Another file of the same repository and commit, when the login URL was read there. */
  loginUrlSource?: string;
  /** The date of that commit (YYYY-MM-DD): the last day the source is known to describe. */
  seenAt: string;
  /** What the admin should know about the source (another portal's page, a captcha...). */
  note?: string;
};

const DATAFEEDS = 'https://github.com/gnoose/datafeeds-shared/blob';

export const KNOWN_SELECTORS: KnownSelectors[] = [
  {
    provider: 'Pacific Gas and Electric (PG&E)',
    loginUrl: 'https://myaccount.pge.com/',
    usernameSelector: 'input[name="username"]',
    passwordSelector: 'input[name="password"]',
    submitSelector: 'role=button[name="Sign In"]',
    loginFlow: 'single-page',
    source:
      'https://github.com/tronikos/opower-login-service/blob/8384921bd4e3a5650a619f540c416dd781660887/src/app/main.py',
    seenAt: '2025-07-27',
  },
  {
    provider: 'Southern California Edison (SCE)',
    loginUrl: 'https://www.sce.com/mysce/login',
    usernameSelector: "//div[contains(@class, 'LoginMainComponent')]  //input[@name='username']",
    passwordSelector: "//div[contains(@class, 'LoginMainComponent')] //input[@name='password']",
    submitSelector:
      "//div[contains(@class, 'LoginMainComponent')] //button[contains(@class, 'sceBtnSmPrimary')]",
    loginFlow: 'single-page',
    source: `${DATAFEEDS}/9126b87baedff45bba576a06b85c7179dfb3d2b8/datafeeds/scrapers/sce_react/pages.py`,
    loginUrlSource: `${DATAFEEDS}/9126b87baedff45bba576a06b85c7179dfb3d2b8/datafeeds/scrapers/sce_react/basic_billing.py`,
    seenAt: '2021-04-28',
  },
  {
    provider: 'San Diego Gas & Electric (SDG&E)',
    loginUrl: 'https://myaccount.sdge.com',
    usernameSelector: 'input[id="usernamex"]',
    passwordSelector: 'input[id="passwordx"]',
    submitSelector: 'button[id="btnlogin"]',
    loginFlow: 'single-page',
    source: `${DATAFEEDS}/c07986d2e322662a78e81b827241503bc1ef65fb/datafeeds/scrapers/sdge_myaccount.py`,
    seenAt: '2021-04-26',
  },
  {
    provider: 'Consolidated Edison (Con Edison)',
    loginUrl: 'https://www.coned.com/en/login',
    usernameSelector: '#form-login-email',
    passwordSelector: '#form-login-password',
    submitSelector: null,
    loginFlow: 'single-page',
    source:
      'https://github.com/mhoran/coned-rtu/blob/ae558ac88a9c61234a84c41172e03c7e590bdbd5/coned.py',
    seenAt: '2020-09-29',
    note: 'The source submits the password field’s form; it then expects a verification code step (#form-login-mfa-code).',
  },
  {
    provider: 'Duke Energy',
    loginUrl: 'https://www.duke-energy.com/my-account/single-sign-in',
    usernameSelector: 'input#username',
    passwordSelector: 'input#password',
    submitSelector: '#mobile-login > div.text-center > button',
    loginFlow: 'single-page',
    source: `${DATAFEEDS}/90836d77fec638d6559cdbc13c1d4f6f0a352187/datafeeds/scrapers/duke/pages.py`,
    loginUrlSource: `${DATAFEEDS}/90836d77fec638d6559cdbc13c1d4f6f0a352187/datafeeds/scrapers/duke/billing.py`,
    seenAt: '2021-05-05',
  },
  {
    provider: 'Florida Power & Light (FPL)',
    loginUrl: 'https://www.fpl.com/my-account/login.html',
    usernameSelector: '#loginDiv input[placeholder="Email/User ID"]',
    passwordSelector: '#loginDiv input[placeholder="Password"]',
    submitSelector: '#loginDiv .login-page button.standard.btn',
    loginFlow: 'single-page',
    source: `${DATAFEEDS}/126f78eadd11e2ba8cd8f6d80cace9d325b48e9b/datafeeds/scrapers/fpl_myaccount.py`,
    seenAt: '2021-03-25',
  },
  {
    provider: 'Dominion Energy Virginia',
    loginUrl: 'https://login.dominionenergy.com/CommonLogin?SelectedAppName=Electric',
    usernameSelector: "[id*='gigya-loginID-']",
    passwordSelector: "[id*='gigya-password-']",
    submitSelector: "input[type='submit'].gigya-input-submit",
    loginFlow: 'single-page',
    source:
      'https://github.com/jonathan-morton/ha-dominion-energy/blob/df0682d8323a4a47fd2fb78773fa1a492bc5d9e5/custom_components/dominion_energy/api/DominionScraper.py',
    seenAt: '2025-01-21',
    note: 'The source clicks the last of the matching submit buttons; the visible one is used here.',
  },
  {
    provider: 'Salt River Project (SRP)',
    loginUrl: 'https://myaccount.srpnet.com/power/login',
    usernameSelector: "//input[@name='username']",
    passwordSelector: "//input[@name='password']",
    submitSelector: "//button[@type='submit']",
    loginFlow: 'single-page',
    source: `${DATAFEEDS}/525266ac27196f66adc37e4a270eb503aafd1fb1/datafeeds/scrapers/saltriver/pages.py`,
    loginUrlSource: `${DATAFEEDS}/525266ac27196f66adc37e4a270eb503aafd1fb1/datafeeds/scrapers/saltriver/billing.py`,
    seenAt: '2021-04-01',
  },
  {
    provider: 'PSE&G',
    loginUrl: 'https://nj.myaccount.pseg.com/user/login',
    usernameSelector:
      'input[name="identifier"], input[name="username"], input[id="idp-discovery-username"], input[id="okta-signin-username"]',
    passwordSelector:
      'input[name="credentials.passcode"], input[name="password"], input[type="password"]',
    submitSelector:
      'button[type="submit"], input[type="submit"], button:has-text("LOG IN"), button:has-text("Sign In")',
    loginFlow: 'identifier-first',
    continueSelector:
      'input[type="submit"][value="Next"], button[type="submit"], input.button-primary, button.button-primary',
    source:
      'https://github.com/kvarnelis/ha-pseg/blob/1fe5488e700421f5bace62c5f4110115dca66e64/addons/psegli-automation/auto_login.py',
    seenAt: '2026-01-07',
    note: 'An Okta sign-in (username, Next, password). The source reaches it through the MySmartEnergy sign-in link because the direct page may show a captcha.',
  },
  {
    provider: 'Portland General Electric (PGE)',
    loginUrl: 'https://new.portlandgeneral.com/auth/sign-in',
    usernameSelector: '[name="email"]',
    passwordSelector: '[name="password"]',
    submitSelector: '#sign-in-submit-btn',
    loginFlow: 'single-page',
    source: `${DATAFEEDS}/126f78eadd11e2ba8cd8f6d80cace9d325b48e9b/datafeeds/scrapers/portland_bizportal.py`,
    seenAt: '2021-03-25',
    note: 'The source presses Escape and closes a dialog before the form.',
  },
];

/** The shipped entry for a provider of this name (names compare without case), if any. */
export function knownSelectorsFor(name: string): KnownSelectors | undefined {
  const wanted = name.trim().toLowerCase();
  return KNOWN_SELECTORS.find((entry) => entry.provider.toLowerCase() === wanted);
}

type SelectorColumns = {
  name: string;
  usernameSelector: string | null;
  passwordSelector: string | null;
  submitSelector: string | null;
};

/**
 * Where the provider's selectors came from, while they are the shipped ones for its name; null
 * once an admin changed any of them (they are then the admin's, whatever their origin).
 */
export function knownSelectorsOf(row: SelectorColumns): KnownSelectorsOrigin | null {
  const entry = knownSelectorsFor(row.name);
  if (!entry) return null;
  const same =
    row.usernameSelector === entry.usernameSelector &&
    row.passwordSelector === entry.passwordSelector &&
    row.submitSelector === entry.submitSelector;
  return same ? { source: entry.source, seenAt: entry.seenAt } : null;
}
