/**
 * Makes a function safe to send to a page with Playwright's evaluate: tsx and some esbuild
 * setups wrap named functions in `__name(...)` calls (keepNames), a helper that exists in
 * Node but not in the page. The returned function defines it, then calls the original.
 * The original must not use anything from its module: only its arguments and the page.
 */
export function pageFunction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const source = `(...args) => { const __name = (f) => f; return (${fn.toString()})(...args); }`;
  return new Function(`return ${source}`)() as (...args: A) => R;
}
