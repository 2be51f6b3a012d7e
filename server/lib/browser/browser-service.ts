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
/** Prints a printing page makes before it is replaced (see BrowserService.print). */
const PRINTS_PER_PAGE = 50;
/** How long a printing page waits for the next print before it is closed. */
const PRINT_PAGE_IDLE_MS = 30_000;

export type TaskInfo = { deadline: number };
export type BrowserTask<T> = (page: Page, info: TaskInfo) => Promise<T>;
type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * The process's one headless Chromium: launched on first use, relaunched if it dies, closed
 * after five idle minutes. Each task gets a fresh incognito context and page, a time limit,
 * and a slot among `maxPages`; its context is closed however the task ends. Printing the
 * product's own HTML (print) reuses pages of a context kept for it. Nothing is
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
  /** The context that prints the product's own HTML, and its pages waiting for a print. */
  private printing?: {
    browser: Browser;
    context: BrowserContext;
    idle: Page[];
    idleTimer?: NodeJS.Timeout;
  };
  /** How many prints each printing page has made (see print). */
  private printUses = new WeakMap<Page, number>();

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
    let context: BrowserContext | undefined;
    return this.inSlot(
      async (browser) => {
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
        return await withTimeLimit(
          task(page, { deadline: Date.now() + timeoutMs }),
          timeoutMs,
          () => opened.close().catch(() => {}),
        );
      },
      async () => {
        await context?.close().catch(() => {});
      },
    );
  }

  /**
   * Prints with a page kept for printing: `task` loads the product's own self-contained HTML
   * and prints it. A fresh context per print started a new renderer process each time, which
   * took about three quarters of a report's printing (about 350 ms against 100 ms reused, on a
   * two-core machine). The printing context runs no script and fetches nothing (every request is
   * aborted), and each print replaces the page's whole document, so nothing of one print is
   * there for the next. A page whose print failed or ran out of time is closed, not reused, and
   * each page is replaced after PRINTS_PER_PAGE prints, so a long-lived renderer cannot grow.
   */
  async print<T>(task: (page: Page) => Promise<T>, timeoutMs: number): Promise<T> {
    let page: Page | undefined;
    let reusable = false;
    return this.inSlot(
      async (browser) => {
        page = await this.printingPage(browser);
        const taken = page;
        const result = await withTimeLimit(task(taken), timeoutMs, () =>
          taken.close().catch(() => {}),
        );
        reusable = true;
        return result;
      },
      async () => {
        if (!page) return;
        const printing = this.printing;
        const uses = (this.printUses.get(page) ?? 0) + 1;
        this.printUses.set(page, uses);
        if (reusable && printing && page.context() === printing.context && uses < PRINTS_PER_PAGE) {
          printing.idle.push(page);
          // Kept for the next print of a burst; a renderer holds a few hundred megabytes, so
          // pages idle for PRINT_PAGE_IDLE_MS are closed.
          clearTimeout(printing.idleTimer);
          printing.idleTimer = setTimeout(() => {
            for (const idle of printing.idle.splice(0)) void idle.close().catch(() => {});
          }, PRINT_PAGE_IDLE_MS);
          printing.idleTimer.unref();
        } else {
          await page.close().catch(() => {});
        }
      },
    );
  }

  /** An idle printing page, or a new one in the printing context (made for this browser). */
  private async printingPage(browser: Browser): Promise<Page> {
    if (this.printing?.browser !== browser) {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        serviceWorkers: 'block',
        locale: 'en-US',
        viewport: { width: 1280, height: 900 },
      });
      await context.route('**/*', (route) => route.abort());
      this.printing = { browser, context, idle: [] };
    }
    const printing = this.printing;
    for (let page = printing.idle.pop(); page; page = printing.idle.pop()) {
      if (!page.isClosed()) return page;
    }
    return printing.context.newPage();
  }

  /**
   * Runs `work` with a slot among `maxPages` and a running browser, then `cleanUp`; the browser
   * is closed once no task has held a slot for IDLE_CLOSE_MS.
   */
  private async inSlot<T>(
    work: (browser: Browser) => Promise<T>,
    cleanUp: () => Promise<unknown>,
  ): Promise<T> {
    if (this.closed) throw new BrowserUnavailableError('the browser service has shut down');
    this.active++;
    clearTimeout(this.idleTimer);
    const release = await this.slots.acquire();
    try {
      return await work(await this.browser());
    } finally {
      await cleanUp();
      release();
      this.active--;
      if (this.active === 0 && !this.closed) {
        this.idleTimer = setTimeout(() => this.closeBrowser(), IDLE_CLOSE_MS);
        this.idleTimer.unref();
      }
    }
  }

  /**
   * Open task contexts right now (0 when idle): a leak shows up here. The printing context,
   * kept on purpose, is not counted.
   */
  async openContexts(): Promise<number> {
    const browser = await this.current?.catch(() => undefined);
    if (!browser?.isConnected()) return 0;
    return browser.contexts().filter((c) => c !== this.printing?.context).length;
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
    clearTimeout(this.printing?.idleTimer);
    this.printing = undefined;
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
