/**
 * React hooks over the admin's query cache (./query-cache.ts): `useQuery` reads a key and fetches
 * it the first time or after invalidation; `useMutation` runs a change (declared with `mutation`,
 * which refreshes what it touches) with a pending flag.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { errorMessage } from './http.ts';
import { entryFor, IDLE, load, reportQueryError, watch, type QuerySpec, type QueryState } from './query-cache.ts';

export { mutation, setUnauthorizedHandler, type QueryKey, type QuerySpec } from './query-cache.ts';

/** Reads `spec.key` from the cache. A null spec means "not yet": nothing is fetched. */
export function useQuery<T>(spec: QuerySpec<T> | null) {
  const entry = spec ? entryFor(spec) : undefined;
  const subscribe = useCallback((notify: () => void) => (entry ? watch(entry, notify) : () => {}), [entry]);
  const state = useSyncExternalStore(subscribe, () => (entry ? entry.store.get() : (IDLE as QueryState<T>)));
  useEffect(() => {
    if (entry && entry.stale) void load(entry);
  }, [entry]);
  const refetch = useCallback(() => (entry ? load(entry) : Promise.resolve()), [entry]);
  return { ...state, refetch, errorText: state.error === undefined ? undefined : errorMessage(state.error) };
}

/** Runs a change with a pending flag; errors are handed to the caller's `onError`. */
export function useMutation<A extends unknown[], R>(run: (...args: A) => Promise<R>, handlers: { onSuccess?: (result: R, ...args: A) => void; onError?: (error: unknown, ...args: A) => void } = {}) {
  const [pending, setPending] = useState(false);
  const mutate = async (...args: A): Promise<R | undefined> => {
    setPending(true);
    try {
      const result = await run(...args);
      handlers.onSuccess?.(result, ...args);
      return result;
    } catch (error) {
      reportQueryError(error);
      handlers.onError?.(error, ...args);
      return undefined;
    } finally {
      setPending(false);
    }
  };
  return { mutate, pending };
}
