/**
 * Reads until `done` holds or the time is up, and returns the last reading: for effects that
 * arrive asynchronously (a NOTIFY from another process, a message a background task queues).
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 2000, everyMs = 25 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    value = await read();
  }
  return value;
}
