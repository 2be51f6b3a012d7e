import { AppError } from '../errors.ts';

/** No usable Chromium: the browser features answer 503 and say how to fix it. */
export class BrowserUnavailableError extends AppError {
  constructor(detail: string) {
    super(
      503,
      `Browser automation is unavailable: ${detail}. Install Chromium (apt-get install chromium) or set CHROMIUM_PATH to its executable.`,
      'browser_unavailable',
    );
    this.name = 'BrowserUnavailableError';
  }
}

/** A URL the browser may not open: not http(s), unresolvable, or a private/local address. */
export class RefusedUrlError extends AppError {
  readonly unresolved: boolean;

  constructor(
    readonly url: string,
    readonly reason: string,
    options: { unresolved?: boolean } = {},
  ) {
    const hint = options.unresolved
      ? ''
      : reason.includes('address') || reason.includes('local name')
        ? ' To allow it, add the host to BROWSER_ALLOWED_HOSTS.'
        : '';
    super(400, `The address ${url} cannot be opened: ${reason}.${hint}`, 'refused_url');
    this.name = 'RefusedUrlError';
    this.unresolved = options.unresolved ?? false;
  }
}

/** A browser task ran past its whole-task time limit; its page was closed. */
export class TaskTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The browser task took longer than ${Math.round(timeoutMs / 1000)} s`);
    this.name = 'TaskTimeoutError';
  }
}
