import closeWithGrace from 'close-with-grace';
import { isConnectionLost } from './connection-errors.ts';

type ShutdownLog = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** Set once the process began to stop (a signal, a fatal error): it is no longer ready. */
let stopping = false;

/** Whether this process is stopping: GET /api/ready answers 503 from the first moment. */
export function isStopping(): boolean {
  return stopping;
}

/**
 * What the process does with an error nobody handled. A lost database connection (a restart, a
 * failover, an idle timeout) has already cost what it will (a request answered 503, a job left
 * to be retried) and the pool reconnects: the process carries on. Anything else may have left
 * the process in a state nobody planned for: it stops, and its supervisor starts it afresh.
 */
export function unhandledErrorVerdict(error: unknown): 'carry on' | 'stop' {
  return isConnectionLost(error) ? 'carry on' : 'stop';
}

/**
 * Closes the process gracefully: on SIGTERM or SIGINT (`close`, then exit 0), and on an error
 * that reached the process unhandled and is fatal (`close`, then exit 1). Either way `close`
 * gets `delayMs` before the process exits regardless. On a signal the process reports itself
 * stopping at once (`isStopping`) and carries on for `drainMs` before `close`, so that a load
 * balancer that reads the readiness route stops sending it requests first.
 */
export function closeGracefully({
  log,
  close,
  delayMs = 15_000,
  drainMs = 0,
}: {
  log: ShutdownLog;
  close: () => Promise<void>;
  delayMs?: number;
  drainMs?: number;
}): void {
  let closing = false;
  const closeOnce = async () => {
    closing = true;
    stopping = true;
    await close();
  };
  const drainThenClose = async () => {
    stopping = true;
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await closeOnce();
  };
  // close-with-grace takes the signals; the errors are sorted here, since it would stop on each.
  const signals = closeWithGrace(
    {
      delay: delayMs + drainMs,
      logger: {
        error: (what: unknown) =>
          what instanceof Error
            ? log.error({ err: what }, 'shutdown failed')
            : log.error({}, String(what)),
      },
      skip: ['uncaughtException', 'unhandledRejection'],
    },
    drainThenClose,
  );
  const onError = (err: unknown) => {
    if (unhandledErrorVerdict(err) === 'carry on') {
      log.warn({ err }, 'the database connection dropped; carrying on');
      return;
    }
    if (closing) {
      log.error({ err }, 'another error while shutting down; exiting now');
      process.exit(1);
    }
    log.error({ err }, 'shutting down after an error');
    // From here a signal ends the process at once, as a second signal would.
    signals.uninstall();
    setTimeout(() => {
      log.error({ delayMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, delayMs);
    closeOnce()
      .catch((closeErr: unknown) => log.error({ err: closeErr }, 'shutdown failed'))
      .finally(() => process.exit(1));
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
}
