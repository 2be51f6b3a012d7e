import type { IncomingMessage, ServerResponse } from 'node:http';
import { layout } from './portal-pages.ts';

/**
 * Test portals whose sign-in form must be brought up first, as saved copies of real utility
 * pages do it, each in English, French and Spanish (`/reveal/<shape>/<lang>`):
 * - `radio`: "I have an account" / "I'm new here" radios, both forms hidden until one is picked
 *   (in Spanish the radios themselves are hidden behind styled labels);
 * - `tab`: "Create account" and "Sign in" tabs, the registration tab open at first;
 * - `link`: a "Sign in" link shows the form (in English with aria-controls, else by its words),
 *   beside a "Create account" link showing a hidden registration form;
 * - `modal`: a "Sign in" button opens a dialog holding the form (in French the dialog is built
 *   on the click);
 * - `frame`: a "Customer login" button loads the form in an iframe (cross-origin in English);
 * - `consent`: a cookie banner first. In English a OneTrust banner shows after a moment and the
 *   form is drawn only once cookies are accepted; elsewhere the banner covers a form drawn late.
 * Fields to pick carry `data-expect`. A wrong password answers with the page, the form shown and
 * the portal's message; the right one goes to the account page.
 */
export const REVEAL_SHAPES = ['radio', 'tab', 'link', 'modal', 'frame', 'consent'] as const;
export type RevealShape = (typeof REVEAL_SHAPES)[number];
const REVEAL_LANGS = ['en', 'fr', 'es'] as const;
export type RevealLang = (typeof REVEAL_LANGS)[number];

const TEXT = {
  en: {
    title: 'Sign in',
    have: 'I have an account',
    new: "I'm new here",
    signIn: 'Sign in',
    register: 'Create account',
    user: 'Username',
    pass: 'Password',
    confirm: 'Confirm password',
    name: 'Full name',
    email: 'Email',
    customerLogin: 'Customer login',
    accept: 'Accept All Cookies',
    reject: 'Reject All',
    cookies: 'We use cookies to run this site and to measure its use.',
    close: 'Close',
    search: 'Search',
    error: 'The username or password you entered is incorrect.',
  },
  fr: {
    title: 'Connexion',
    have: 'J’ai déjà un compte',
    new: 'Je n’ai pas de compte',
    signIn: 'Se connecter',
    register: 'Créer un compte',
    user: 'Identifiant',
    pass: 'Mot de passe',
    confirm: 'Confirmer le mot de passe',
    name: 'Nom complet',
    email: 'Courriel',
    customerLogin: 'Espace client : connexion',
    accept: 'Tout accepter',
    reject: 'Tout refuser',
    cookies: 'Nous utilisons des cookies pour faire fonctionner ce site.',
    close: 'Fermer',
    search: 'Rechercher',
    error: 'Identifiant ou mot de passe incorrect.',
  },
  es: {
    title: 'Acceso',
    have: 'Ya tengo una cuenta',
    new: 'Soy nuevo',
    signIn: 'Iniciar sesión',
    register: 'Crear cuenta',
    user: 'Usuario',
    pass: 'Contraseña',
    confirm: 'Confirmar contraseña',
    name: 'Nombre completo',
    email: 'Correo electrónico',
    customerLogin: 'Acceder a mi cuenta',
    accept: 'Aceptar',
    reject: 'Rechazar',
    cookies: 'Usamos cookies para el funcionamiento de este sitio.',
    close: 'Cerrar',
    search: 'Buscar',
    error: 'Usuario o contraseña incorrectos.',
  },
} as const;
type Text = (typeof TEXT)[RevealLang];

const searchBox = (t: Text) => `
<form role="search" action="/search"><input type="search" name="q" aria-label="${t.search}">
<button type="submit">${t.search}</button></form>`;

const signInForm = (t: Text, action: string, extra = '') => `
<form id="signin-form" action="${action}" method="post"${extra}>
  <label for="si-user">${t.user}</label>
  <input id="si-user" name="username" autocomplete="username" data-expect="username">
  <label for="si-pass">${t.pass}</label>
  <input id="si-pass" name="password" type="password" autocomplete="current-password" data-expect="password">
  <button type="submit" data-expect="submit">${t.signIn}</button>
</form>`;

const registerForm = (t: Text, action: string) => `
<form id="register-form" action="${action}/register" method="post">
  <h2>${t.register}</h2>
  <label>${t.name} <input name="fullname" autocomplete="name"></label>
  <label>${t.email} <input name="email" type="email" autocomplete="email"></label>
  <label>${t.pass} <input name="new-password" type="password" autocomplete="new-password"></label>
  <label>${t.confirm} <input name="confirm-password" type="password" autocomplete="new-password"></label>
  <button type="submit">${t.register}</button>
</form>`;

const alert = (error: string) => (error ? `<p role="alert" class="error">${error}</p>` : '');
const shown = (on: boolean) => (on ? '' : ' style="display:none"');

type Page = { body: string; script?: string };

function radioPage(lang: RevealLang, action: string, error: string): Page {
  const t = TEXT[lang];
  // Styled choices: the radio itself is hidden, its label is what the visitor clicks.
  const styled = lang === 'es';
  const radio = (value: string, label: string, checked: boolean) =>
    `<label class="choice"><input type="radio" name="who" value="${value}" id="who-${value}"${
      styled ? ' style="position:absolute;opacity:0;width:1px;height:1px"' : ''
    }${checked ? ' checked' : ''}> ${label}</label>`;
  return {
    body: `${searchBox(t)}<h1>${t.title}</h1>${alert(error)}
<fieldset><legend>${t.title}</legend>
${radio('existing', t.have, Boolean(error))} ${radio('new', t.new, false)}</fieldset>
<div id="signin-box"${shown(Boolean(error))}>${signInForm(t, action)}</div>
<div id="register-box" style="display:none">${registerForm(t, action)}</div>`,
    script: `
for (const r of document.querySelectorAll('input[name=who]')) r.addEventListener('change', () => {
  document.getElementById('signin-box').style.display = r.value === 'existing' ? '' : 'none';
  document.getElementById('register-box').style.display = r.value === 'new' ? '' : 'none';
});`,
  };
}

function tabPage(lang: RevealLang, action: string, error: string): Page {
  const t = TEXT[lang];
  const signIn = Boolean(error);
  return {
    body: `${searchBox(t)}<h1>${t.title}</h1>${alert(error)}
<div role="tablist" aria-label="${t.title}">
  <button type="button" role="tab" id="tab-register" aria-selected="${!signIn}" aria-controls="panel-register">${t.register}</button>
  <button type="button" role="tab" id="tab-signin" aria-selected="${signIn}" aria-controls="panel-signin">${t.signIn}</button>
</div>
<div role="tabpanel" id="panel-register" aria-labelledby="tab-register"${signIn ? ' hidden' : ''}>${registerForm(t, action)}</div>
<div role="tabpanel" id="panel-signin" aria-labelledby="tab-signin"${signIn ? '' : ' hidden'}>${signInForm(t, action)}</div>`,
    script: `
for (const tab of document.querySelectorAll('[role=tab]')) tab.addEventListener('click', () => {
  for (const other of document.querySelectorAll('[role=tab]')) {
    other.setAttribute('aria-selected', String(other === tab));
    document.getElementById(other.getAttribute('aria-controls')).hidden = other !== tab;
  }
});`,
  };
}

function linkPage(lang: RevealLang, action: string, error: string): Page {
  const t = TEXT[lang];
  // In English the links say what they control; elsewhere only their words tell.
  const aria = lang === 'en';
  const link = (id: string, box: string, label: string) =>
    aria
      ? `<a href="#${box}" id="${id}" aria-expanded="false" aria-controls="${box}">${label}</a>`
      : `<a href="#" id="${id}" data-box="${box}">${label}</a>`;
  return {
    body: `${searchBox(t)}<h1>${t.title}</h1>${alert(error)}
<p>${t.have}? ${link('show-signin', 'signin-box', t.signIn)}</p>
<p>${t.new}? ${link('show-register', 'register-box', t.register)}</p>
<div id="signin-box"${shown(Boolean(error))}>${signInForm(t, action)}</div>
<div id="register-box" style="display:none">${registerForm(t, action)}</div>`,
    script: `
for (const a of document.querySelectorAll('#show-signin, #show-register')) a.addEventListener('click', (event) => {
  event.preventDefault();
  const box = a.getAttribute('aria-controls') || a.dataset.box;
  for (const id of ['signin-box', 'register-box']) document.getElementById(id).style.display = id === box ? '' : 'none';
  if (a.hasAttribute('aria-expanded')) a.setAttribute('aria-expanded', 'true');
});`,
  };
}

function modalPage(lang: RevealLang, action: string, error: string): Page {
  const t = TEXT[lang];
  const open = `<button type="button" id="open-login" aria-haspopup="dialog">${t.signIn}</button>`;
  if (lang === 'en') {
    return {
      body: `${searchBox(t)}<h1>Welcome to My Account</h1>${alert(error)}<p>Pay your bill, see your usage.</p>${open}
<dialog id="login-dialog" aria-labelledby="login-title"><h2 id="login-title">${t.title}</h2>
${signInForm(t, action)}<button type="button" id="close-login">${t.close}</button></dialog>`,
      script: `
document.getElementById('open-login').onclick = () => document.getElementById('login-dialog').showModal();
document.getElementById('close-login').onclick = () => document.getElementById('login-dialog').close();`,
    };
  }
  // The dialog is built when the button is pressed, as script-drawn sites do.
  return {
    body: `${searchBox(t)}<h1>${t.title}</h1>${alert(error)}<p>Espace client.</p>${open}`,
    script: `
document.getElementById('open-login').onclick = () => {
  const box = document.createElement('div');
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-modal', 'true');
  box.style.cssText = 'position:fixed;inset:10% 20%;background:#fff;border:1px solid #999;padding:16px';
  box.innerHTML = ${JSON.stringify(`<h2>${t.title}</h2>${signInForm(t, action)}`)};
  document.body.appendChild(box);
};`,
  };
}

function framePage(lang: RevealLang, frameUrl: string, error: string): Page {
  const t = TEXT[lang];
  return {
    body: `${searchBox(t)}<h1>My Account</h1>${alert(error)}
<button type="button" id="customer-login">${t.customerLogin}</button>
<div id="frame-box" hidden><iframe title="${t.title}" id="login-frame" width="600" height="420"></iframe></div>`,
    script: `
document.getElementById('customer-login').onclick = () => {
  document.getElementById('frame-box').hidden = false;
  document.getElementById('login-frame').src = ${JSON.stringify(frameUrl)};
};`,
  };
}

function consentPage(lang: RevealLang, action: string, error: string): Page {
  const t = TEXT[lang];
  const form = JSON.stringify(signInForm(t, action));
  if (lang === 'en') {
    // A OneTrust banner loads after a moment; the sign-in app starts once cookies are accepted.
    const banner =
      JSON.stringify(`<div id="onetrust-banner-sdk" class="otFlat" role="region" aria-label="Cookie banner"
 style="position:fixed;left:0;right:0;bottom:0;background:#eee;padding:16px">
<p id="onetrust-policy-text">${t.cookies}</p>
<button id="onetrust-pc-btn-handler">Cookie Settings</button>
<button id="onetrust-reject-all-handler">${t.reject}</button>
<button id="onetrust-accept-btn-handler">${t.accept}</button></div>`);
    return {
      body: `<h1>${t.title}</h1>${alert(error)}<div id="app">Loading…</div><div id="onetrust-consent-sdk"></div>`,
      script: `
const start = () => setTimeout(() => { document.getElementById('app').innerHTML = ${form}; }, 200);
if (${Boolean(error)}) start();
else setTimeout(() => {
  const sdk = document.getElementById('onetrust-consent-sdk');
  sdk.innerHTML = ${banner};
  document.getElementById('onetrust-accept-btn-handler').onclick = () => { sdk.innerHTML = ''; start(); };
  document.getElementById('onetrust-reject-all-handler').onclick = () => { sdk.innerHTML = ''; };
}, 300);`,
    };
  }
  // A home-made banner covers the whole page; the form is drawn late beneath it.
  return {
    body: `<h1>${t.title}</h1>${alert(error)}<div id="app">…</div>
<div class="cookie-banner" id="cookies" style="position:fixed;inset:0;background:rgba(0,0,0,.6);z-index:10">
<div style="background:#fff;margin:20% auto;width:60%;padding:16px"><p>${t.cookies}</p>
<button type="button" class="reject">${t.reject}</button> <button type="button" class="accept">${t.accept}</button></div></div>`,
    script: `
setTimeout(() => { document.getElementById('app').innerHTML = ${form}; }, 800);
for (const b of document.querySelectorAll('#cookies button')) b.onclick = () => document.getElementById('cookies').remove();`,
  };
}

/** The sign-in page of one shape and language; `action` is where its form posts. */
export function revealPage(
  shape: RevealShape,
  lang: RevealLang,
  action: string,
  options: { error?: string; frameUrl?: string } = {},
): string {
  const error = options.error ?? '';
  const page =
    shape === 'radio'
      ? radioPage(lang, action, error)
      : shape === 'tab'
        ? tabPage(lang, action, error)
        : shape === 'link'
          ? linkPage(lang, action, error)
          : shape === 'modal'
            ? modalPage(lang, action, error)
            : shape === 'frame'
              ? framePage(lang, options.frameUrl ?? '', error)
              : consentPage(lang, action, error);
  return layout(TEXT[lang].title, page.body, page.script).replace(
    '<html lang="en">',
    `<html lang="${lang}">`,
  );
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return new URLSearchParams(raw);
}

const html = (res: ServerResponse, body: string) =>
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);

/**
 * Serves `/reveal/<shape>/<lang>` (and the framed form at `/reveal/frame-form/<lang>`); false
 * for any other path. `crossOrigin` is the second portal server, for the English frame.
 */
export async function serveReveal(
  req: IncomingMessage,
  res: ServerResponse,
  crossOrigin: string,
  signIn: (username: string, password: string) => { redirect: string } | { message: string },
): Promise<boolean> {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const match = /^\/reveal\/([a-z-]+)\/([a-z]{2})(\/register)?$/.exec(path);
  if (!match) return false;
  const [, name, langName, register] = match;
  const lang = langName as RevealLang;
  if (!REVEAL_LANGS.includes(lang)) return false;
  const base = `/reveal/${name}/${lang}`;
  if (register) {
    html(res, layout('Registered', '<h1>Thank you for registering</h1>'));
    return true;
  }
  const form = req.method === 'POST' ? await readForm(req) : undefined;
  const result = form ? signIn(form.get('username') ?? '', form.get('password') ?? '') : undefined;
  if (result && 'redirect' in result) {
    res.writeHead(302, { location: result.redirect }).end();
    return true;
  }
  const error = result ? TEXT[lang].error : '';
  if (name === 'frame-form') {
    html(
      res,
      `<!doctype html><html lang="${lang}"><body>${alert(error)}${signInForm(TEXT[lang], base)}</body></html>`,
    );
    return true;
  }
  const shape = name as RevealShape;
  if (!REVEAL_SHAPES.includes(shape)) return false;
  const frameUrl = `${lang === 'en' ? crossOrigin : ''}/reveal/frame-form/${lang}`;
  html(res, revealPage(shape, lang, base, { error, frameUrl }));
  return true;
}
