/**
 * A deliberately tiny query cache on nanostores (spec 9): data fetched once stays valid ("never
 * stale"), nothing refetches on focus or on a timer, nothing is retried. A successful change calls
 * `invalidate()` with the lists it touches: the ones on screen refetch at once, the others on
 * their next use.
 */
import { atom, type WritableAtom } from 'nanostores';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { errorMessage } from './http.ts';

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  /** No data yet for this key (first load). */
  loading: boolean;
  /** A request is in flight (first load or refresh). */
  fetching: boolean;
}

interface Entry<T> {
  store: WritableAtom<QueryState<T>>;
  fetcher: () => Promise<T>;
  promise: Promise<void> | undefined;
  stale: boolean;
  subscribers: number;
}

const IDLE: QueryState<never> = { data: undefined, error: undefined, loading: false, fetching: false };
const entries = new Map<string, Entry<unknown>>();
/** Called on a 401 from an admin data call (set by the app: back to sign-in). */
let onUnauthorized: ((error: unknown) => void) | undefined;

export function setUnauthorizedHandler(handler: (error: unknown) => void): void {
  onUnauthorized = handler;
}

function entryFor<T>(key: string, fetcher: () => Promise<T>): Entry<T> {
  let entry = entries.get(key) as Entry<T> | undefined;
  if (!entry) {
    entry = {
      store: atom<QueryState<T>>({ data: undefined, error: undefined, loading: true, fetching: false }),
      fetcher,
      promise: undefined,
      stale: true,
      subscribers: 0,
    };
    entries.set(key, entry as Entry<unknown>);
  }
  entry.fetcher = fetcher;
  return entry;
}

function load<T>(entry: Entry<T>): Promise<void> {
  if (entry.promise) return entry.promise;
  entry.stale = false;
  const before = entry.store.get();
  entry.store.set({ ...before, loading: before.data === undefined, fetching: true });
  entry.promise = entry.fetcher().then(
    (data) => {
      entry.store.set({ data, error: undefined, loading: false, fetching: false });
    },
    (error: unknown) => {
      entry.store.set({ data: entry.store.get().data, error, loading: false, fetching: false });
      onUnauthorized?.(error);
    },
  );
  return entry.promise.finally(() => {
    entry.promise = undefined;
  });
}

/** Subscribes to an entry, counting subscribers so `invalidate` knows what is on screen. */
function watch<T>(entry: Entry<T>, notify: () => void): () => void {
  entry.subscribers += 1;
  const unlisten = entry.store.listen(notify);
  return () => {
    entry.subscribers -= 1;
    unlisten();
  };
}

/**
 * Reads `spec.key` from the cache, fetching it with `spec.fetcher` the first time (or after
 * invalidation). A null spec means "not yet": nothing is fetched.
 */
export function useQuery<T>(spec: { key: string; fetcher: () => Promise<T> } | null) {
  const entry = spec ? entryFor(spec.key, spec.fetcher) : undefined;
  const subscribe = useCallback((notify: () => void) => (entry ? watch(entry, notify) : () => {}), [entry]);
  const state = useSyncExternalStore(subscribe, () => (entry ? entry.store.get() : (IDLE as QueryState<T>)));
  useEffect(() => {
    if (entry && entry.stale) void load(entry);
  }, [entry]);
  const refetch = useCallback(() => (entry ? load(entry) : Promise.resolve()), [entry]);
  return { ...state, refetch, errorText: state.error === undefined ? undefined : errorMessage(state.error) };
}

/**
 * Marks every cached key containing one of `fragments` as out of date: keys on screen refetch now,
 * the others when next used.
 */
export function invalidate(...fragments: string[]): void {
  for (const [key, entry] of entries) {
    if (!fragments.some((fragment) => key.includes(fragment))) continue;
    if (entry.subscribers > 0) void load(entry);
    else entry.stale = true;
  }
}

/** Runs a change with a pending flag; errors are handed to the caller's `onError`. */
export function useMutation<A extends unknown[], R>(
  run: (...args: A) => Promise<R>,
  handlers: { onSuccess?: (result: R, ...args: A) => void; onError?: (error: unknown, ...args: A) => void } = {},
) {
  const [pending, setPending] = useState(false);
  const mutate = async (...args: A): Promise<R | undefined> => {
    setPending(true);
    try {
      const result = await run(...args);
      handlers.onSuccess?.(result, ...args);
      return result;
    } catch (error) {
      onUnauthorized?.(error);
      handlers.onError?.(error, ...args);
      return undefined;
    } finally {
      setPending(false);
    }
  };
  return { mutate, pending };
}
