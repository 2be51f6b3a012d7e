import type { FastifyBaseLogger } from 'fastify';
import type { BrowserService } from '../../../lib/browser/index.ts';
import { renderReport } from '../../../lib/report/index.ts';
import { renderPdf } from '../pdf.ts';
import { sampleReportFiles } from './sample-input.ts';

/** Lets the event loop run whatever is waiting (requests, timers) before going on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** After a failed build, callers get the same failure for this long before one tries again. */
export const RETRY_AFTER_FAILURE_MS = 30_000;

/**
 * A value built at most once: concurrent callers share the one build, and a failed build is
 * kept only briefly, so a missing browser installed later is found without a restart, while a
 * flood of requests still starts at most one build per `retryMs`.
 */
export class Once<T> {
  private pending?: Promise<T>;
  /** When the pending build failed; undefined while it runs or once it succeeded. */
  private failedAt: number | undefined;

  constructor(
    private build: () => Promise<T>,
    private retryMs = RETRY_AFTER_FAILURE_MS,
    private now = () => Date.now(),
  ) {}

  get(): Promise<T> {
    if (this.failedAt !== undefined && this.now() - this.failedAt >= this.retryMs) {
      this.pending = undefined;
      this.failedAt = undefined;
    }
    if (!this.pending) {
      const started = this.build();
      this.pending = started;
      started.catch(() => {
        if (this.pending === started) this.failedAt = this.now();
      });
    }
    return this.pending;
  }
}

/** The footer of every page of the sample's PDF. */
const PDF_FOOTER = 'Sample utility report · synthetic data for an invented home';

/**
 * The landing page's sample report: its HTML and its PDF, each made on first request and then
 * kept for the life of the process (the public routes must not let anyone make the server print
 * PDFs over and over). Everything comes from the same engine and printer as a paid report.
 */
export class SampleReport {
  readonly html: Once<string>;
  readonly pdf: Once<Buffer>;

  constructor(browser: BrowserService, log: Pick<FastifyBaseLogger, 'warn'>) {
    // About half a second of CPU (a year of readings through the importer), in steps with the
    // event loop free between them: on the first request rather than at every start-up, once.
    this.html = new Once(async () => renderReport((await sampleReportFiles(nextTurn)).input).html);
    this.pdf = new Once(async () => {
      try {
        return await renderPdf(browser, await this.html.get(), PDF_FOOTER);
      } catch (err) {
        // Logged once per attempt, not once per visitor who then gets the 503.
        log.warn({ err }, 'the sample report PDF could not be made');
        throw err;
      }
    });
  }
}
