import type { IncomingMessage, ServerResponse } from 'node:http';
import { layout, plainForm } from './portal-pages.ts';

/**
 * Portals that ask for a human check, with each widget's markup as the vendors document it
 * (the widget's own script is left out: the browser may not reach the vendor, and the markup is
 * what detection reads). Each lives under `/captcha/<widget>/<where>/`:
 * - `where` = `login`: the widget sits beside the sign-in form;
 * - `where` = `export`: the sign-in is plain, and the bill history and the usage page ask for
 *   the check instead of listing anything.
 * The login is `dana` / `right-pass`; anything else is refused with the portal's message.
 */
export const CAPTCHA_WIDGETS = ['recaptcha', 'hcaptcha', 'turnstile'] as const;
type CaptchaWidget = (typeof CAPTCHA_WIDGETS)[number];
const CAPTCHA_PLACES = ['login', 'export'] as const;
type CaptchaPlace = (typeof CAPTCHA_PLACES)[number];

const WIDGETS: Record<CaptchaWidget, string> = {
  recaptcha: `<script src="https://www.google.com/recaptcha/api.js" async defer></script>
<div class="g-recaptcha" data-sitekey="6Lc-example-key" style="width:304px;height:78px">
<iframe title="reCAPTCHA" src="https://www.google.com/recaptcha/api2/anchor?k=6Lc-example-key" width="304" height="78"></iframe></div>`,
  hcaptcha: `<script src="https://js.hcaptcha.com/1/api.js" async defer></script>
<div class="h-captcha" data-sitekey="10000000-ffff-ffff-ffff-000000000001" style="width:303px;height:78px">
<iframe title="Widget containing checkbox for hCaptcha security challenge" src="https://newassets.hcaptcha.com/captcha/v1/static/hcaptcha.html#frame=checkbox" width="303" height="78"></iframe></div>`,
  turnstile: `<script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer></script>
<div class="cf-turnstile" data-sitekey="1x00000000000000000000AA" style="width:300px;height:65px">
<iframe title="Widget containing a Cloudflare security challenge" src="https://challenges.cloudflare.com/cdn-cgi/challenge-platform/h/b/turnstile/if/ov2/av0/rcv0/0/example/light/normal" width="300" height="65"></iframe></div>`,
};

const COOKIE = 'captcha_portal=signed-in';

const html = (res: ServerResponse, body: string) =>
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return new URLSearchParams(raw);
}

const humanCheck = (widget: CaptchaWidget, title: string) => `
<h1>${title}</h1><p>Please confirm you are a person to continue.</p>
<form method="post">${WIDGETS[widget]}<button type="submit">Continue</button></form>`;

/** Serves `/captcha/<widget>/<where>/...`; false when the path is not one of these pages. */
export async function serveCaptcha(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://portal');
  const match = /^\/captcha\/([a-z]+)\/([a-z]+)(\/.*)?$/.exec(url.pathname);
  const widget = match?.[1] as CaptchaWidget | undefined;
  const where = match?.[2] as CaptchaPlace | undefined;
  if (!widget || !where || !CAPTCHA_WIDGETS.includes(widget) || !CAPTCHA_PLACES.includes(where)) {
    return false;
  }
  const base = `/captcha/${widget}/${where}`;
  const key = `${req.method} ${match?.[3] ?? '/'}`;
  const signInPage = (error = '') =>
    layout(
      'Sign in',
      `${plainForm(`${base}/session`, error)}${where === 'login' ? WIDGETS[widget] : ''}`,
    );
  if (key === 'GET /') {
    html(res, signInPage());
    return true;
  }
  if (key === 'POST /session') {
    const form = await readForm(req);
    if (form.get('username') === 'dana' && form.get('password') === 'right-pass') {
      res.writeHead(302, { location: `${base}/account`, 'set-cookie': `${COOKIE}; Path=/` }).end();
    } else {
      html(res, signInPage('The password is incorrect.'));
    }
    return true;
  }
  if (!(req.headers.cookie ?? '').includes(COOKIE)) {
    res.writeHead(302, { location: `${base}/` }).end();
    return true;
  }
  if (key === 'GET /account') {
    html(
      res,
      layout(
        'My Account',
        `<h1>My Account</h1><p>Welcome back, Dana. Amount due: $96.24</p>
<nav aria-label="Account"><a href="${base}/bills">Billing History</a>
<a href="${base}/usage">Energy Usage</a> <a href="${base}/logout">Sign out</a></nav>`,
      ),
    );
  } else if (key === 'GET /bills') {
    html(res, layout('Billing History', humanCheck(widget, 'Billing History')));
  } else if (key === 'GET /usage') {
    html(res, layout('Energy Usage', humanCheck(widget, 'Download My Data')));
  } else {
    html(res, layout('My Account', '<h1>Page not found</h1>'));
  }
  return true;
}
