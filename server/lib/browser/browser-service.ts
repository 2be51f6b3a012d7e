import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BrowserConfig } from '../../config.ts';
import { findChromium } from './chromium-path.ts';
import { EgressProxy } from './egress-proxy.ts';
import { BrowserUnavailableError, TaskTimeoutError } from './errors.ts';
import { Semaphore } from './semaphore.ts';
import { UrlGuard } from './url-guard.ts';

/** Flags for a headless Chromium that runs as root in a container and never phones home. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const ACTION_TIMEOUT_MS = 10_000;
const IDLE_CLOSE_MS = 5 * 60_000;

export type TaskInfo = { deadline: number };
export type BrowserTask<T> = (page: Page, info: TaskInfo) => Promise<T>;
type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * The process's one headless Chromium: launched on first use, relaunched if it dies, closed
 * after five idle minutes. Each task gets a fresh incognito context and page, a time limit,
 * and a slot among `maxPages`; its context is closed however the task ends. Nothing is
 * recorded (no screenshots, traces or videos) that could hold a customer's password.
 */
export class BrowserService {
  readonly guard: UrlGuard;
  private slots: Semaphore;
  private current?: Promise<Browser>;
  private proxy?: Promise<{ proxy: EgressProxy; url: string }>;
  private active = 0;
  private idleTimer?: NodeJS.Timeout;
  private closed = false;
  /** How many times Chromium was started (relaunches included). */
  launches = 0;

  constructor(
    private config: BrowserConfig,
    private log?: Log,
  ) {
    this.guard = new UrlGuard(config.allowedHosts);
    this.slots = new Semaphore(config.maxPages);
  }

  get pageTimeoutMs(): number {
    return this.config.pageTimeoutMs;
  }

  /** Browser pages (tasks holding a slot) open now in this process. */
  get pagesInUse(): number {
    return this.slots.inUse;
  }

  /** Throws RefusedUrlError unless the browser may open this URL. */
  checkUrl(url: string): Promise<URL> {
    return this.guard.checkUrl(url);
  }

  /** Throws BrowserUnavailableError when no Chromium can be found. Launches nothing. */
  assertInstalled(): void {
    findChromium(this.config.executablePath, this.config.searchPath ?? '');
  }

  /**
   * Runs `task` in a fresh context. `downloads` lets the page save files (a retrieval): they land
   * in Playwright's temporary folder and are deleted with the context. `storageState` starts the
   * context with a saved session.
   */
  async run<T>(
    task: BrowserTask<T>,
    options: { timeoutMs?: number; downloads?: boolean; storageState?: string } = {},
  ): Promise<T> {
    if (this.closed) throw new BrowserUnavailableError('the browser service has shut down');
    this.active++;
    clearTimeout(this.idleTimer);
    let context: BrowserContext | undefined;
    const release = await this.slots.acquire();
    try {
      const browser = await this.browser();
      context = await browser.newContext({
        serviceWorkers: 'block',
        acceptDownloads: options.downloads ?? false,
        // A portal session kept from an earlier login (cookies, storage), as Playwright saved it.
        storageState: options.storageState ? JSON.parse(options.storageState) : undefined,
        locale: 'en-US',
        viewport: { width: 1280, height: 900 },
        userAgent: userAgentFor(browser.version()),
      });
      context.setDefaultNavigationTimeout(this.config.pageTimeoutMs);
      context.setDefaultTimeout(Math.min(ACTION_TIMEOUT_MS, this.config.pageTimeoutMs));
      const page = await context.newPage();
      const timeoutMs = options.timeoutMs ?? this.config.taskTimeoutMs;
      const opened = context;
      return await withTimeLimit(task(page, { deadline: Date.now() + timeoutMs }), timeoutMs, () =>
        opened.close().catch(() => {}),
      );
    } finally {
      await context?.close().catch(() => {});
      release();
      this.active--;
      if (this.active === 0 && !this.closed) {
        this.idleTimer = setTimeout(() => this.closeBrowser(), IDLE_CLOSE_MS);
        this.idleTimer.unref();
      }
    }
  }

  /** Open contexts right now (0 when idle): a leak shows up here. */
  async openContexts(): Promise<number> {
    const browser = await this.current?.catch(() => undefined);
    return browser?.isConnected() ? browser.contexts().length : 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    await this.closeBrowser();
    const proxy = await this.proxy?.catch(() => undefined);
    await proxy?.proxy.close();
  }

  private async closeBrowser(): Promise<void> {
    const browser = await this.current?.catch(() => undefined);
    this.current = undefined;
    await browser?.close().catch(() => {});
  }

  private async browser(): Promise<Browser> {
    for (;;) {
      this.current ??= this.launch();
      const launching = this.current;
      let browser: Browser;
      try {
        browser = await launching;
      } catch (error) {
        if (this.current === launching) this.current = undefined;
        throw error;
      }
      if (browser.isConnected()) return browser;
      // It died (crash, killed): forget it and start another.
      if (this.current === launching) this.current = undefined;
    }
  }

  private async launch(): Promise<Browser> {
    const executablePath = findChromium(this.config.executablePath, this.config.searchPath ?? '');
    this.proxy ??= (async () => {
      const proxy = new EgressProxy(this.guard);
      return { proxy, url: await proxy.listen() };
    })();
    const { proxy, url } = await this.proxy;
    let browser: Browser;
    try {
      // Loaded on first use: playwright-core takes about a second to import, which every
      // start-up would otherwise pay, browser or not.
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({
        executablePath,
        headless: true,
        // Every request goes through the egress proxy, loopback included, with the proxy's
        // per-process credentials (Playwright answers its 407 challenge).
        proxy: { server: url, ...proxy.credentials },
        args: [...CHROMIUM_FLAGS, '--proxy-bypass-list=<-loopback>'],
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        timeout: 30_000,
      });
    } catch (error) {
      const reason = ((error as Error).message ?? '').split('\n')[0];
      throw new BrowserUnavailableError(
        `Chromium at ${executablePath} failed to start (${reason})`,
      );
    }
    this.launches++;
    this.log?.info({ executablePath, version: browser.version() }, 'browser launched');
    browser.on('disconnected', () => {
      if (!this.closed) this.log?.warn({}, 'browser disconnected; the next task relaunches it');
    });
    return browser;
  }
}

/** A desktop Chrome user agent: portals often turn away "HeadlessChrome". */
function userAgentFor(version: string): string {
  const major = version.split('.')[0] ?? '120';
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
}

async function withTimeLimit<T>(
  work: Promise<T>,
  timeoutMs: number,
  onTimeout: () => Promise<void>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TaskTimeoutError(timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([work, limit]);
  } catch (error) {
    if (error instanceof TaskTimeoutError) {
      await onTimeout();
      // The task's own calls now fail because its page is gone: let it wind down briefly.
      const settled = work.then(
        () => {},
        () => {},
      );
      await Promise.race([settled, new Promise((r) => setTimeout(r, 2000).unref())]);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
