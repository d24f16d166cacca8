/**
 * The admin's query cache: never stale, no retry, shared in-flight requests, and invalidation by
 * exact key segments (contact 1 never refreshes contact 12).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { clearQueryCache, entryFor, invalidate, keyStartsWith, load, loadIfStale, mutation, setUnauthorizedHandler, watch, type QueryKey } from '../../site/admin/lib/query-cache.ts';

/** A query whose fetcher counts its calls and answers `value` (or fails with `error`). */
function counted<T>(key: QueryKey, value: T, error?: Error) {
  const calls = { count: 0 };
  const spec = {
    key,
    fetcher: async () => {
      calls.count += 1;
      if (error) throw error;
      return value;
    },
  };
  return { spec, calls, entry: entryFor(spec) };
}

afterEach(() => {
  clearQueryCache();
  setUnauthorizedHandler(undefined);
});

describe('keys', () => {
  test('a prefix matches whole segments only', () => {
    expect(keyStartsWith(['lead', '12', 'tags'], ['lead', '12'])).toBe(true);
    expect(keyStartsWith(['lead', '12', 'tags'], ['lead', '1'])).toBe(false);
    expect(keyStartsWith(['lead', '1'], ['lead', '1', 'tags'])).toBe(false);
    expect(keyStartsWith(['leads', 'list'], [])).toBe(true);
  });

  test('one entry per key, whatever the spec object', () => {
    const first = entryFor({ key: ['webinars', 'list', '1'], fetcher: async () => 1 });
    const second = entryFor({ key: ['webinars', 'list', '1'], fetcher: async () => 2 });
    expect(second).toBe(first);
  });
});

describe('loading', () => {
  test('data once fetched is never refetched until invalidated', async () => {
    const { entry, calls } = counted(['leads', 'stats'], { total: 3 });
    await loadIfStale(entry);
    await loadIfStale(entry);
    expect(calls.count).toBe(1);
    expect(entry.store.get()).toEqual({ data: { total: 3 }, error: undefined, loading: false, fetching: false });
  });

  test('two readers during one request share it', async () => {
    const { entry, calls } = counted(['leads', 'recent'], []);
    await Promise.all([load(entry), load(entry)]);
    expect(calls.count).toBe(1);
  });

  test('a failure is stored, reported once and not retried', async () => {
    const failure = new Error('401: Unauthorized');
    const reported: unknown[] = [];
    setUnauthorizedHandler((error) => reported.push(error));
    const { entry, calls } = counted(['lead', '7', 'detail'], null, failure);
    await load(entry);
    expect(entry.store.get()).toMatchObject({ error: failure, loading: false, fetching: false });
    expect(reported).toEqual([failure]);
    expect(calls.count).toBe(1);
  });
});

describe('invalidate', () => {
  test('contact 1 is refreshed, contact 12 is not', async () => {
    const one = counted(['lead', '1', 'detail'], 'one');
    const twelve = counted(['lead', '12', 'detail'], 'twelve');
    await Promise.all([load(one.entry), load(twelve.entry)]);
    expect(invalidate(['lead', '1'])).toBe(1);
    await loadIfStale(one.entry);
    await loadIfStale(twelve.entry);
    expect(one.calls.count).toBe(2);
    expect(twelve.calls.count).toBe(1);
  });

  test('a key on screen refetches at once; one off screen waits for its next use', async () => {
    const shown = counted(['leads', 'list', 'page=1'], 'shown');
    const hidden = counted(['leads', 'list', 'page=2'], 'hidden');
    await Promise.all([load(shown.entry), load(hidden.entry)]);
    const stop = watch(shown.entry, () => {});
    invalidate(['leads']);
    expect(shown.entry.store.get().fetching).toBe(true);
    expect(hidden.entry.store.get().fetching).toBe(false);
    await shown.entry.promise;
    expect(shown.calls.count).toBe(2);
    expect(hidden.calls.count).toBe(1);
    await loadIfStale(hidden.entry);
    expect(hidden.calls.count).toBe(2);
    stop();
  });

  test('keys outside every prefix are left alone', async () => {
    const webinars = counted(['webinars', 'list', '1'], []);
    await load(webinars.entry);
    expect(invalidate(['leads'], ['lead', '3'])).toBe(0);
  });
});

describe('mutation', () => {
  test('a change refreshes the keys it declares once it succeeds, and only those', async () => {
    const contact = counted(['lead', '4', 'detail'], 'four');
    const webinars = counted(['webinars', 'list', '1'], []);
    await Promise.all([load(contact.entry), load(webinars.entry)]);
    const rename = mutation(
      async (id: string, name: string) => ({ id, name }),
      (id) => [['lead', id]],
    );
    expect(await rename('4', 'Ana')).toEqual({ id: '4', name: 'Ana' });
    await loadIfStale(contact.entry);
    await loadIfStale(webinars.entry);
    expect(contact.calls.count).toBe(2);
    expect(webinars.calls.count).toBe(1);
  });

  test('a refused change refreshes nothing and hands its error to the caller', async () => {
    const list = counted(['leads', 'list', 'page=1'], []);
    await load(list.entry);
    const refused = new Error('400: Bad Request');
    const create = mutation(async () => {
      throw refused;
    }, [['leads']]);
    await expect(create()).rejects.toBe(refused);
    await loadIfStale(list.entry);
    expect(list.calls.count).toBe(1);
  });
});
