import { AsyncLocalStorage } from 'node:async_hooks';

/** What a request (or a job it started) carries through the calls it makes. */
export type RequestContext = {
  /** The request's id: its log lines and those of the jobs it queued carry it. */
  requestId: string;
  /** Time spent waiting on outside services, by service name (Server-Timing). */
  waits: Map<string, number>;
};

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Contexts under way. While an AsyncLocalStorage is in use, Node (20) runs a hook for every
 * promise the process creates, which cost a signed-in GET several percent of its throughput; so
 * the storage is switched off again whenever no context is open.
 */
let open = 0;

/** Runs `fn` inside `context`; call `leave()` once whatever `fn` started has finished. */
export function enterContext<T>(context: RequestContext, fn: () => T): T {
  open++;
  return storage.run(context, fn);
}

/** Closes a context opened with `enterContext`. */
export function leaveContext(): void {
  open--;
  if (open === 0) storage.disable();
}

/** The current context, if the caller runs inside one. */
export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}
