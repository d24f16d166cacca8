/**
 * The admin's query cache, without React: data fetched once stays valid ("never stale"), nothing
 * refetches on focus or on a timer, nothing is retried. A key is a list of segments, most general
 * first (`['lead', '12', 'tags']`); `invalidate(['lead', '12'])` reaches every key that starts with
 * exactly those segments, so `['lead', '1']` never touches `['lead', '12', …]`.
 * Why our own cache rather than @nanostores/query: docs/decisions/012-admin-query-cache.md.
 */
import { atom, type WritableAtom } from 'nanostores';

export type QueryKey = readonly string[];

export interface QuerySpec<T> {
  key: QueryKey;
  fetcher: () => Promise<T>;
}

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  /** No data yet for this key (first load). */
  loading: boolean;
  /** A request is in flight (first load or refresh). */
  fetching: boolean;
}

export interface CacheEntry<T> {
  key: QueryKey;
  store: WritableAtom<QueryState<T>>;
  fetcher: () => Promise<T>;
  promise: Promise<void> | undefined;
  stale: boolean;
  subscribers: number;
}

export const IDLE: QueryState<never> = { data: undefined, error: undefined, loading: false, fetching: false };
const entries = new Map<string, CacheEntry<unknown>>();
let onError: ((error: unknown) => void) | undefined;

/** Called with every failed data call (set by the app: a 401 sends the browser back to sign-in). */
export function setUnauthorizedHandler(handler: ((error: unknown) => void) | undefined): void {
  onError = handler;
}

export function reportQueryError(error: unknown): void {
  onError?.(error);
}

/** The one cache entry of `spec.key` (created on first use; the latest fetcher wins). */
export function entryFor<T>(spec: QuerySpec<T>): CacheEntry<T> {
  const id = JSON.stringify(spec.key);
  let entry = entries.get(id) as CacheEntry<T> | undefined;
  if (!entry) {
    entry = {
      key: spec.key,
      store: atom<QueryState<T>>({ data: undefined, error: undefined, loading: true, fetching: false }),
      fetcher: spec.fetcher,
      promise: undefined,
      stale: true,
      subscribers: 0,
    };
    entries.set(id, entry as CacheEntry<unknown>);
  }
  entry.fetcher = spec.fetcher;
  return entry;
}

/** Fetches an entry once; a call while a request is in flight shares that request. */
export function load<T>(entry: CacheEntry<T>): Promise<void> {
  if (entry.promise) return entry.promise;
  entry.stale = false;
  const before = entry.store.get();
  entry.store.set({ ...before, loading: before.data === undefined, fetching: true });
  entry.promise = entry
    .fetcher()
    .then(
      (data) => entry.store.set({ data, error: undefined, loading: false, fetching: false }),
      (error: unknown) => {
        entry.store.set({ data: entry.store.get().data, error, loading: false, fetching: false });
        reportQueryError(error);
      },
    )
    .finally(() => {
      entry.promise = undefined;
    });
  return entry.promise;
}

/** Loads the entry if it was never loaded or was invalidated since. */
export function loadIfStale<T>(entry: CacheEntry<T>): Promise<void> {
  return entry.stale ? load(entry) : (entry.promise ?? Promise.resolve());
}

/** Subscribes to an entry, counting subscribers so `invalidate` knows what is on screen. */
export function watch<T>(entry: CacheEntry<T>, notify: () => void): () => void {
  entry.subscribers += 1;
  const unlisten = entry.store.listen(notify);
  return () => {
    entry.subscribers -= 1;
    unlisten();
  };
}

/** Whether `key` starts with every segment of `prefix`, segment by segment. */
export function keyStartsWith(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((segment, index) => key[index] === segment);
}

/**
 * Marks every cached key under one of `prefixes` as out of date: keys on screen refetch now, the
 * others when next used. Returns how many entries it reached.
 */
export function invalidate(...prefixes: QueryKey[]): number {
  let reached = 0;
  for (const entry of entries.values()) {
    if (!prefixes.some((prefix) => keyStartsWith(entry.key, prefix))) continue;
    reached += 1;
    if (entry.subscribers > 0) void load(entry);
    else entry.stale = true;
  }
  return reached;
}

/**
 * A change to the data, declared with the key prefixes it makes out of date: once `run` succeeds the
 * returned function invalidates `touches` (a list, or a list computed from the call's arguments), so
 * no screen has to remember what a change touches. Each feature's `queries.ts` defines its changes
 * this way; `invalidate` is called nowhere else (docs/decisions/099-admin-features.md).
 */
export function mutation<A extends unknown[], R>(run: (...args: A) => Promise<R>, touches: readonly QueryKey[] | ((...args: A) => readonly QueryKey[])): (...args: A) => Promise<R> {
  return async (...args: A) => {
    const result = await run(...args);
    invalidate(...(typeof touches === 'function' ? touches(...args) : touches));
    return result;
  };
}

/** Empties the cache (tests, sign-out). */
export function clearQueryCache(): void {
  entries.clear();
}
