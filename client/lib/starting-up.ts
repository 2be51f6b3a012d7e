/**
 * Whether the server said it is still starting (503 with Retry-After while a new embedded
 * database is created). Requests wait and ask again; the page shows a notice meanwhile.
 */
let waiting = 0;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

export function subscribeStartingUp(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isStartingUp = () => waiting > 0;

/** Marks one request as waiting for the server until `done` is called. */
export function waitForStart(): () => void {
  waiting++;
  notify();
  let finished = false;
  return () => {
    if (finished) return;
    finished = true;
    waiting--;
    notify();
  };
}
