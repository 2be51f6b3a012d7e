import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessProfile } from '../../../common/business.ts';
import { auditLog } from '../../db/schema.ts';
import { caller } from '../../test/api.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedIn } from '../../test/factories.ts';
import { GIF, jpegLogo, pngLogo, svgLogo } from '../../test/logos.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = caller(() => t.app);

/** The logo's bytes as the body, with whatever type the browser claims. */
const sendLogo = (cookie: string | undefined, body: Buffer, type = 'image/png') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/business/logo',
    payload: body,
    headers: { 'content-type': type, ...(cookie ? { cookie } : {}) },
  });

const business = async (cookie: string) => {
  const res = await call('GET', '/api/user/business', cookie);
  expect(res.statusCode).toBe(200);
  return BusinessProfile.parse(res.json());
};

/** Every business logo in the store. */
async function storedLogos(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.app.services.store.list('business-logos/')) keys.push(object.key);
  return keys.sort();
}

/** The form's logo, fetched through the address the settings give. */
const fetchLogo = (logoUrl: string) => t.app.inject({ method: 'GET', url: logoUrl });

describe('company name and reply-to address', () => {
  it('are empty at first, and only for a signed-in user', async () => {
    const { cookie } = await signedIn(t.app, t.database.db);
    expect(await business(cookie)).toEqual({
      companyName: null,
      replyToEmail: null,
      logoUrl: null,
    });
    expect((await call('GET', '/api/user/business')).statusCode).toBe(401);
    expect(
      (await call('PUT', '/api/user/business', undefined, { companyName: 'X' })).statusCode,
    ).toBe(401);
  });

  it('are set, read back, kept when left out, and cleared with an empty value', async () => {
    const { user, cookie } = await signedIn(t.app, t.database.db);
    const set = await call('PUT', '/api/user/business', cookie, {
      companyName: '  Sunrise Solar ',
      replyToEmail: 'office@sunrise.example',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      companyName: 'Sunrise Solar',
      replyToEmail: 'office@sunrise.example',
      logoUrl: null,
    });
    expect(await business(cookie)).toMatchObject({ companyName: 'Sunrise Solar' });

    const renamed = await call('PUT', '/api/user/business', cookie, { companyName: 'Sunrise Co' });
    expect(renamed.json()).toMatchObject({
      companyName: 'Sunrise Co',
      replyToEmail: 'office@sunrise.example',
    });

    const cleared = await call('PUT', '/api/user/business', cookie, {
      companyName: '',
      replyToEmail: null,
    });
    expect(cleared.json()).toEqual({ companyName: null, replyToEmail: null, logoUrl: null });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, String(user.id)), eq(auditLog.action, 'user.business_changed')),
      );
    expect(audit).toHaveLength(3);
  });

  it.each([
    [{ replyToEmail: 'not-an-email' }, /reply-to address must be an email address/],
    [{ replyToEmail: 'a@b.example\r\nBcc: x@evil.example' }, /./],
    [{ companyName: 'S'.repeat(101) }, /at most 100 characters/],
    [{ companyName: 42 }, /company name must be text/],
  ])('refuses %j with a plain 400 and changes nothing', async (body, message) => {
    const { cookie } = await signedIn(t.app, t.database.db);
    await call('PUT', '/api/user/business', cookie, {
      companyName: 'Sunrise Solar',
      replyToEmail: 'office@sunrise.example',
    });
    const res = await call('PUT', '/api/user/business', cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await business(cookie)).toEqual({
      companyName: 'Sunrise Solar',
      replyToEmail: 'office@sunrise.example',
      logoUrl: null,
    });
  });

  it('are each user’s own: another user neither reads nor changes them', async () => {
    const owner = await signedIn(t.app, t.database.db);
    const other = await signedIn(t.app, t.database.db);
    await call('PUT', '/api/user/business', owner.cookie, {
      companyName: 'Sunrise Solar',
      replyToEmail: 'office@sunrise.example',
    });
    await sendLogo(owner.cookie, pngLogo());
    expect(await business(other.cookie)).toEqual({
      companyName: null,
      replyToEmail: null,
      logoUrl: null,
    });
    await call('PUT', '/api/user/business', other.cookie, { companyName: 'Moonlight Power' });
    expect((await call('DELETE', '/api/user/business/logo', other.cookie)).statusCode).toBe(200);
    expect(await business(owner.cookie)).toMatchObject({
      companyName: 'Sunrise Solar',
      replyToEmail: 'office@sunrise.example',
      logoUrl: expect.stringContaining(owner.user.uniqueFormUrl),
    });
    expect(await business(other.cookie)).toMatchObject({ companyName: 'Moonlight Power' });
  });
});

describe('the logo', () => {
  it('is read by its bytes: a PNG sent as anything is a PNG, served as one', async () => {
    const { user, cookie } = await signedIn(t.app, t.database.db);
    const png = pngLogo();
    const res = await sendLogo(cookie, png, 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    const { logoUrl } = BusinessProfile.parse(res.json());
    expect(logoUrl).toMatch(
      new RegExp(`^/api/form-owner/${user.uniqueFormUrl}/logo\\?v=[\\w-]+\\.png$`),
    );
    const served = await fetchLogo(logoUrl as string);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('takes a JPEG, and a new logo replaces the old one in the store', async () => {
    const { cookie } = await signedIn(t.app, t.database.db);
    const before = await storedLogos();
    const first = BusinessProfile.parse((await sendLogo(cookie, pngLogo())).json());
    const second = await sendLogo(cookie, jpegLogo(), 'image/png');
    expect(second.statusCode).toBe(200);
    const { logoUrl } = BusinessProfile.parse(second.json());
    expect(logoUrl).not.toBe(first.logoUrl);
    expect(logoUrl).toMatch(/\.jpg$/);
    expect((await fetchLogo(logoUrl as string)).headers['content-type']).toBe('image/jpeg');
    const after = await storedLogos();
    expect(after.filter((key) => !before.includes(key))).toHaveLength(1);
  });

  it('serves an SVG only with a policy that lets it run and load nothing', async () => {
    const { cookie } = await signedIn(t.app, t.database.db);
    const svg = svgLogo(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#f59e0b"/></linearGradient></defs><use href="#c"/><circle id="c" cx="5" cy="5" r="4" fill="url(#g)" style="stroke:#000"/>',
    );
    const res = await sendLogo(cookie, svg, 'text/plain');
    expect(res.statusCode).toBe(200);
    const served = await fetchLogo(BusinessProfile.parse(res.json()).logoUrl as string);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(svg)).toBe(true);
  });

  it.each([
    ['a script', '<script>alert(1)</script>', /<script> element/],
    [
      'a script in another namespace',
      '<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>',
      /<script> element/,
    ],
    ['an event handler', '<rect width="5" height="5" onload="alert(1)"/>', /event handler/],
    ['foreign content', '<foreignObject><p>hi</p></foreignObject>', /<foreignobject> element/],
    [
      'a link elsewhere',
      '<a href="https://evil.example/"><rect width="5" height="5"/></a>',
      /links to something outside/,
    ],
    [
      'an encoded script link',
      '<a href="jav&#x61;script:alert(1)"><rect width="5" height="5"/></a>',
      /script link/,
    ],
    ['an external image', '<image href="https://evil.example/x.png"/>', /outside the drawing/],
    [
      'a style that fetches',
      '<style>rect { fill: url(https://evil.example/x) }</style>',
      /load other files/,
    ],
  ])('refuses an SVG with %s, storing nothing', async (_what, inner, message) => {
    const { cookie } = await signedIn(t.app, t.database.db);
    const before = await storedLogos();
    const res = await sendLogo(cookie, svgLogo(inner), 'image/svg+xml');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^This SVG cannot be used as a logo: /);
    expect(res.json().message).toMatch(message);
    expect(await storedLogos()).toEqual(before);
    expect((await business(cookie)).logoUrl).toBeNull();
  });

  it('refuses an SVG that declares entities', async () => {
    const { cookie } = await signedIn(t.app, t.database.db);
    const svg = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
    );
    const res = await sendLogo(cookie, svg, 'image/svg+xml');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/declares entities/);
  });

  it.each([
    ['a GIF named as a PNG', GIF, 'image/png', 'The logo must be a PNG, JPEG or SVG image.'],
    [
      'an HTML page',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'image/svg+xml',
      'The logo must be a PNG, JPEG or SVG image.',
    ],
    ['an empty file', Buffer.alloc(0), 'image/png', 'Choose an image file for the logo.'],
    [
      'a file over 200 KB',
      Buffer.concat([pngLogo(), Buffer.alloc(200 * 1024)]),
      'image/png',
      'The logo must be at most 200 KB.',
    ],
    [
      'a PNG too wide',
      pngLogo(4000, 20),
      'image/png',
      /at most 2000 pixels wide and high \(this one is 4000 x 20\)/,
    ],
    ['a JPEG too small', jpegLogo(8, 8), 'image/jpeg', /at least 16 pixels/],
  ])('refuses %s with a plain 400, storing nothing', async (_what, body, type, message) => {
    const { cookie } = await signedIn(t.app, t.database.db);
    const kept = BusinessProfile.parse((await sendLogo(cookie, pngLogo())).json()).logoUrl;
    const before = await storedLogos();
    const res = await sendLogo(cookie, body, type);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await storedLogos()).toEqual(before);
    expect((await business(cookie)).logoUrl).toBe(kept);
  });

  it('is removed with DELETE: the form has no logo any more', async () => {
    const { cookie } = await signedIn(t.app, t.database.db);
    const before = await storedLogos();
    const { logoUrl } = BusinessProfile.parse((await sendLogo(cookie, pngLogo())).json());
    const removed = await call('DELETE', '/api/user/business/logo', cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().logoUrl).toBeNull();
    expect((await fetchLogo(logoUrl as string)).statusCode).toBe(404);
    expect(await storedLogos()).toEqual(before);
  });

  it('is sent only by a signed-in user', async () => {
    expect((await sendLogo(undefined, pngLogo())).statusCode).toBe(401);
    expect((await call('DELETE', '/api/user/business/logo')).statusCode).toBe(401);
  });

  it('is refused with 429 past sixty uploads a minute from one address', async () => {
    const who = await signedIn(t.app, t.database.db);
    const answers: number[] = [];
    for (let i = 0; i < 61; i++) answers.push((await sendLogo(who.cookie, GIF)).statusCode);
    expect(answers.at(-1)).toBe(429);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
  });
});
