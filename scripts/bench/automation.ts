// Browser automation figures: selector detection and a credential test on a local portal,
// throughput with 4 tasks at once, and Chromium's memory after 200 tasks.
import { detectLoginSelectors, testLogin } from '../../server/features/automation/service.ts';
import { PORTAL_ACCOUNTS, startPortals } from '../../server/features/automation/testing/portals.ts';
import {
  REVEAL_SHAPES,
  type RevealLang,
} from '../../server/features/automation/testing/reveal-portals.ts';
import { BrowserService, chromiumMemoryMb } from '../../server/lib/browser/index.ts';
import { median, settle } from './stats.ts';

const RUNS = 15;
const CONCURRENCY = 4;
const MEMORY_TASKS = 200;
/** Runs per hidden-form portal (each shape in English and in the other language its tests use). */
const REVEAL_RUNS = 5;
const OTHER_LANG: Record<(typeof REVEAL_SHAPES)[number], RevealLang> = {
  radio: 'es',
  tab: 'fr',
  link: 'es',
  modal: 'fr',
  frame: 'es',
  consent: 'fr',
};

async function timed(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

/** Runs `count` tasks, `width` at a time; returns the wall time in ms. */
async function inParallel(count: number, width: number, task: () => Promise<unknown>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next++ < count) await task();
    }),
  );
  return performance.now() - started;
}

export async function benchAutomation(): Promise<void> {
  const portals = await startPortals();
  const browser = new BrowserService({
    executablePath: process.env.CHROMIUM_PATH || undefined,
    allowedHosts: ['127.0.0.1'],
    maxPages: CONCURRENCY,
    pageTimeoutMs: 15_000,
    taskTimeoutMs: 60_000,
  });
  try {
    const detect = async () => {
      const found = await detectLoginSelectors(browser, portals.url('/plain'));
      if (!found.success) throw new Error(`detection failed: ${found.message}`);
    };
    const login = async () => {
      const result = await testLogin(
        browser,
        { loginUrl: portals.url('/portal') },
        PORTAL_ACCOUNTS.good,
      );
      if (result.outcome !== 'success') throw new Error(`login failed: ${result.outcome}`);
    };
    const launchStarted = performance.now();
    await detect();
    console.log(
      `first task (Chromium launch included): ${(performance.now() - launchStarted).toFixed(0)} ms`,
    );

    const detection = await timed(RUNS, detect);
    console.log(
      `selector detection, local portal: median ${median(detection).toFixed(0)} ms (${RUNS} runs)`,
    );
    // Forms shown on a choice (a radio, a tab, a link, a dialog, a frame) or behind a banner:
    // the detection's own wait before it looks for what reveals them is part of the figure.
    for (const shape of REVEAL_SHAPES) {
      for (const lang of ['en', OTHER_LANG[shape]] as const) {
        let steps = 0;
        const times = await timed(REVEAL_RUNS, async () => {
          const found = await detectLoginSelectors(
            browser,
            portals.url(`/reveal/${shape}/${lang}`),
          );
          if (!found.success)
            throw new Error(`detection failed on ${shape}/${lang}: ${found.message}`);
          steps = found.preLoginSteps?.length ?? 0;
        });
        console.log(
          `selector detection, form shown on a choice (${shape}, ${lang}): median ${median(times).toFixed(0)} ms, ` +
            `slowest ${Math.max(...times).toFixed(0)} ms (${REVEAL_RUNS} runs, ${steps} step${steps === 1 ? '' : 's'})`,
        );
      }
    }
    const logins = await timed(RUNS, login);
    console.log(
      `credential test, local portal: median ${median(logins).toFixed(0)} ms (${RUNS} runs)`,
    );

    const sequentialMs = logins.reduce((a, b) => a + b, 0);
    const parallelCount = 24;
    const wallMs = await inParallel(parallelCount, CONCURRENCY, login);
    console.log(
      `throughput, ${CONCURRENCY} credential tests at once: ${((parallelCount / wallMs) * 1000).toFixed(1)} tests/s ` +
        `(one at a time: ${((RUNS / sequentialMs) * 1000).toFixed(1)} tests/s)`,
    );

    await settle();
    const early = chromiumMemoryMb();
    const tasksSoFar = 1 + RUNS * 2 + parallelCount;
    await inParallel(MEMORY_TASKS - tasksSoFar, CONCURRENCY, login);
    await settle();
    const late = chromiumMemoryMb();
    const change = (a: number, b: number) => `${b >= a ? '+' : ''}${(b - a).toFixed(0)} MB`;
    console.log(
      `Chromium memory, all its processes: RSS ${early.rss.toFixed(0)} MB after ${tasksSoFar} tasks, ` +
        `${late.rss.toFixed(0)} MB after ${MEMORY_TASKS} (${change(early.rss, late.rss)}); ` +
        `PSS ${early.pss.toFixed(0)} -> ${late.pss.toFixed(0)} MB (${change(early.pss, late.pss)}); ` +
        `open contexts: ${await browser.openContexts()}; launches: ${browser.launches}`,
    );
  } finally {
    await browser.close();
    await portals.close();
  }
}
