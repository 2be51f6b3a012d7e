import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserService } from './browser-service.ts';
import { BrowserUnavailableError, TaskTimeoutError } from './errors.ts';
import { chromiumProcesses } from './process-memory.ts';

const settings = {
  executablePath: undefined,
  allowedHosts: ['127.0.0.1'],
  maxPages: 2,
  pageTimeoutMs: 3000,
  taskTimeoutMs: 10_000,
};

/** A site on 127.0.0.1 (allowed) whose pages reach for localhost (refused). */
const hits: string[] = [];
let origin = '';
let refusedOrigin = '';
const server = http.createServer((req, res) => {
  hits.push(`${req.headers.host}${req.url}`);
  const html = (body: string) =>
    res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'seen=1' }).end(body);
  if (req.url === '/redirect') {
    return res.writeHead(302, { location: `${refusedOrigin}/secret` }).end();
  }
  if (req.url === '/reaching') {
    return html(
      `<iframe src="${refusedOrigin}/secret-frame"></iframe><img src="${refusedOrigin}/secret-img">` +
        `<img src="/redirect"><script>fetch('${refusedOrigin}/secret-fetch').catch(() => {})</script><p>ok</p>`,
    );
  }
  html(`<p>${req.headers.cookie ?? 'no cookie'}</p>`);
});

let browser: BrowserService;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  refusedOrigin = `http://localhost:${port}`;
  browser = new BrowserService(settings);
});
afterAll(async () => {
  await browser?.close();
  server.closeAllConnections();
  server.close();
});

describe('BrowserService', () => {
  it('gives each task a fresh incognito context and closes it afterwards', async () => {
    const read = () =>
      browser.run(async (page) => {
        await page.goto(`${origin}/`);
        return page.textContent('p');
      });
    expect(await read()).toBe('no cookie');
    expect(await read()).toBe('no cookie');
    expect(await browser.openContexts()).toBe(0);
  });

  it('closes the context when a task fails or overruns its time limit', async () => {
    await expect(
      browser.run(async () => {
        throw new Error('task failed');
      }),
    ).rejects.toThrow('task failed');
    const started = Date.now();
    await expect(
      browser.run((page) => page.waitForTimeout(60_000), { timeoutMs: 500 }),
    ).rejects.toBeInstanceOf(TaskTimeoutError);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await browser.openContexts()).toBe(0);
  });

  it("prints on a page kept for printing: no script runs, nothing is fetched, and a failed print's page is not reused", async () => {
    const pages: unknown[] = [];
    const print = (html: string) =>
      browser.print(async (page) => {
        pages.push(page);
        await page.setContent(html, { waitUntil: 'load' });
        return { title: await page.title(), text: await page.textContent('p') };
      }, 10_000);
    hits.length = 0;
    const reaching = `<title>first</title><img src="${origin}/printed-img"><script>document.title = 'ran'</script><p>one</p>`;
    expect(await print(reaching)).toEqual({ title: 'first', text: 'one' });
    // The next print has the same page, with only its own document in it.
    expect(await print('<p>two</p>')).toEqual({ title: '', text: 'two' });
    expect(pages[1]).toBe(pages[0]);
    expect(hits).toEqual([]);
    // The kept context is not a task's context left open.
    expect(await browser.openContexts()).toBe(0);

    await expect(
      browser.print(async (page) => {
        pages.push(page);
        throw new Error('print failed');
      }, 10_000),
    ).rejects.toThrow('print failed');
    await expect(
      browser.print(async (page) => {
        pages.push(page);
        await page.waitForTimeout(60_000);
      }, 500),
    ).rejects.toBeInstanceOf(TaskTimeoutError);
    expect(await print('<p>three</p>')).toEqual({ title: '', text: 'three' });
    // The failed print had the kept page, which was closed; so was the one that ran out of time.
    expect(pages[2]).toBe(pages[0]);
    expect(new Set(pages.slice(2)).size).toBe(3);
  });

  it('runs at most maxPages tasks at once', async () => {
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 4 }, () =>
        browser.run(async (page) => {
          running++;
          most = Math.max(most, running);
          // Hold the page until a second task runs too (or give up), so a slow machine
          // still shows two at once, and a third would show if the cap failed.
          for (let i = 0; i < 30 && running < 2; i++) await page.waitForTimeout(100);
          await page.waitForTimeout(100);
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
  });

  it('relaunches Chromium after it dies', async () => {
    await browser.run(async () => {});
    const launches = browser.launches;
    const main = chromiumProcesses().find((p) => p.ppid === process.pid);
    expect(main).toBeDefined();
    process.kill(main?.pid ?? 0, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    expect(await browser.run(async (page) => (await page.goto(`${origin}/`))?.status())).toBe(200);
    expect(browser.launches).toBe(launches + 1);
  });

  it('never lets a page reach a refused host: iframes, images, fetches, redirects', async () => {
    const text = await browser.run(async (page) => {
      await page.goto(`${origin}/reaching`);
      await page.waitForTimeout(300);
      const redirected = await page.goto(`${origin}/redirect`);
      return [await redirected?.text(), redirected?.status()];
    });
    expect(text).toEqual(['Refused by the egress guard', 403]);
    expect(hits.filter((h) => h.startsWith('localhost'))).toEqual([]);
    expect(hits).toContain(`${origin.slice(7)}/reaching`);
  });

  it('refuses the first URL before opening anything', async () => {
    await expect(browser.checkUrl('http://10.0.0.7/login')).rejects.toThrow(/private address/);
    await expect(browser.checkUrl(`${origin}/`)).resolves.toBeInstanceOf(URL);
  });
});

describe('without Chromium', () => {
  it('answers 503 naming CHROMIUM_PATH, and launches nothing', async () => {
    const missing = new BrowserService({ ...settings, executablePath: '/nonexistent/chromium' });
    const failure = missing.run(async () => 'never');
    await expect(failure).rejects.toBeInstanceOf(BrowserUnavailableError);
    await expect(failure).rejects.toMatchObject({
      statusCode: 503,
      message: expect.stringMatching(/CHROMIUM_PATH is \/nonexistent\/chromium.*set CHROMIUM_PATH/),
    });
    expect(() => missing.assertInstalled()).toThrow(/CHROMIUM_PATH/);
    expect(missing.launches).toBe(0);
    await missing.close();
  });
});
