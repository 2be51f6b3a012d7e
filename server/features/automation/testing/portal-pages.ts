/**
 * Pages of the test utility portals, written the way real portals are: a site header with a
 * search box, marketing around the form, several ways of marking fields up. Elements the
 * detection must pick carry `data-expect`, which the tests read (and the detection ignores).
 */

export const layout = (title: string, body: string, script = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | Example Gas &amp; Electric</title>
<style>body{font-family:sans-serif;margin:0}header,main,footer{padding:12px 24px}
.hidden{display:none}</style></head>
<body><header><a href="/">Example Gas &amp; Electric</a>
<nav><a href="/outages">Outages</a> <a href="/rates">Rates</a></nav></header>
<main>${body}</main>
<footer><p>Forgot your password? Too many failed attempts will lock your account.</p>
<p>&copy; Example Gas &amp; Electric</p></footer>${script ? `<script>${script}</script>` : ''}</body></html>`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The classic form: ids, names, labels, a submit button. */
export const plainForm = (action: string, error = '') => `
<h1>Sign in to My Account</h1>
${error ? `<p role="alert" class="error">${escapeHtml(error)}</p>` : ''}
<form id="login-form" action="${action}" method="post">
  <label for="username">Username</label>
  <input id="username" name="username" type="text" data-expect="username">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" data-expect="password">
  <label><input type="checkbox" name="remember"> Remember me</label>
  <button type="submit" data-expect="submit">Sign In</button>
</form>
<p><a href="/register">Register for My Account</a></p>`;

export const labelOnlyForm = `
<h1>Customer Login</h1>
<form action="/portal/session" method="post" class="signin">
  <label>User ID <input type="text" data-expect="username"></label>
  <label>Password <input type="password" data-expect="password"></label>
  <input type="submit" value="Log In" data-expect="submit">
</form>`;

export const ariaOnlyForm = `
<div role="form" aria-label="Sign in to your account">
  <input aria-label="Email or account number" data-expect="username">
  <input type="password" aria-label="Password" data-expect="password">
  <div role="button" tabindex="0" aria-label="Sign in" data-expect="submit">Sign in</div>
</div>`;

/** Site search and a newsletter sign-up come before the real form. */
export const decoyForms = `
<form role="search" action="/search"><input type="search" name="q" placeholder="Search our site">
<button type="submit">Search</button></form>
<section><h2>Stay informed</h2>
<form class="newsletter-signup" action="/newsletter" method="post">
  <label for="nl-email">Email</label><input type="email" id="nl-email" name="email" placeholder="you@example.com">
  <button type="submit">Subscribe</button></form></section>
<h1>Sign in</h1>
<form id="signin" action="/portal/session" method="post">
  <label for="email">Email address</label><input type="email" id="email" name="email" data-expect="username">
  <label for="pw">Password</label><input type="password" id="pw" name="password" data-expect="password">
  <button type="submit" data-expect="submit">Sign in</button>
</form>`;

/** A single-page app: the form is drawn 1.2 s after load and talks JSON. */
export const delayedScript = `
setTimeout(() => {
  document.getElementById('app').innerHTML = '<h1>My Account</h1><div class="card">' +
    '<input id="user-id" placeholder="User ID" data-expect="username">' +
    '<input id="user-pass" type="password" placeholder="Password" data-expect="password">' +
    '<button type="button" id="go" data-expect="submit">Log in</button><p id="msg" role="alert"></p></div>';
  document.getElementById('go').onclick = async () => {
    const res = await fetch('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: document.getElementById('user-id').value,
        password: document.getElementById('user-pass').value }) });
    const body = await res.json();
    if (body.redirect) location.href = body.redirect; else document.getElementById('msg').textContent = body.message;
  };
}, 1200);`;

export const identifierStep = `
<h1>Sign in</h1>
<form action="/two-step/identify" method="post">
  <label for="identifier">Email</label>
  <input type="text" inputmode="email" id="identifier" name="identifier" autocomplete="username" data-expect="username">
  <button type="submit" data-expect="continue">Continue</button>
</form>`;

export const passwordStep = (identifier: string) => `
<h1>Enter your password</h1>
<p>Signing in as ${escapeHtml(identifier)}</p>
<form action="/portal/session" method="post">
  <input type="hidden" name="username" value="${escapeHtml(identifier)}">
  <label for="current-password">Password</label>
  <input type="password" id="current-password" name="password" autocomplete="current-password" data-expect="password">
  <button type="submit" data-expect="submit">Sign in</button>
</form>`;

/** An open shadow root holds the whole form; messages appear inside it too. */
export const shadowScript = `
customElements.define('utility-login', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = '<form><label>Username <input id="user" name="user" autocomplete="username" data-expect="username"></label>' +
      '<label>Password <input id="secret" type="password" data-expect="password"></label>' +
      '<button type="submit" data-expect="submit">Log in</button><p role="alert"></p></form>';
    root.querySelector('form').onsubmit = async (event) => {
      event.preventDefault();
      const res = await fetch('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: root.getElementById('user').value, password: root.getElementById('secret').value }) });
      const body = await res.json();
      if (body.redirect) location.href = body.redirect; else root.querySelector('p').textContent = body.message;
    };
  }
});`;

export const captchaForm = `${plainForm('/portal/session')}
<div class="g-recaptcha" data-sitekey="6Lc-example-key">
<iframe title="reCAPTCHA" src="/recaptcha/api2/anchor?k=6Lc-example-key" width="304" height="78"></iframe></div>`;

export const dashboard = `<h1>Welcome back, Dana</h1><h2>Account summary</h2>
<p>Amount due: $84.12</p><p><a href="/portal/logout">Sign out</a></p>`;

export const verificationPrompt = `<h1>Verify it's you</h1>
<p>For your security, enter the 6-digit verification code we sent to ***-***-0100.</p>
<form action="/portal/verify" method="post"><input id="otp" name="otp" autocomplete="one-time-code" inputmode="numeric">
<button type="submit">Verify</button></form>`;

export const maintenance = `<h1>We'll be right back</h1>
<p>My Account is temporarily unavailable while we perform scheduled maintenance.</p>`;
