import { useSearchParams } from 'wouter';

/** Changes some of a list's filters or its page; `replace` keeps typing out of the history. */
export type ChangeList<L> = (patch: Partial<L>, options?: { replace?: boolean }) => void;

/**
 * A list's filters and page kept in the URL, so a reload or a shared address shows the same
 * list: read with `read`, changed through `write`, which keeps the other parameters.
 */
export function useListParams<L>(
  read: (params: URLSearchParams) => L,
  write: (previous: URLSearchParams, list: L) => URLSearchParams,
): [L, ChangeList<L>] {
  const [params, setParams] = useSearchParams();
  const change: ChangeList<L> = (patch, options) =>
    setParams((previous) => write(previous, { ...read(previous), ...patch }), {
      replace: options?.replace,
    });
  return [read(params), change];
}
