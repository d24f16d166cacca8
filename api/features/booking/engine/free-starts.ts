/**
 * The free starts kept computed (docs/decisions/126-free-starts-kept-computed-and-feeds-read-in-a-worker.md): the booking page and
 * `GET /api/bookings/slots` no longer compute them at every request (decision 106's cost), yet never
 * serve them stale:
 * - every change they depend on raises `booking_availability.version` in its own transaction (triggers,
 *   migration 20261201_booking_2_availability_version); each request reads the version first, and what
 *   was computed under another version is computed again, so a booking made on any instance sharing the
 *   database is gone from the next page;
 * - the passing of time: what was computed holds until the first offered start enters the notice period,
 *   a host's feed reading turns stale, the Swiss day changes, or a minute has passed (a bound on
 *   anything else time may change), whichever comes first; a clock that went back computes again;
 * - the version reads of requests arriving together are one query: a request waits for a read sent
 *   after it arrived (never one already under way, which could miss a change committed just before it),
 *   and at most one read is in flight at a time;
 * - on the embedded database (PGlite: one process, one connection, every statement through this knex),
 *   the version last read is used again until this process sends any statement other than a SELECT
 *   (a write, a BEGIN, a COMMIT): no other process can change the data, and a statement sent after the
 *   read was sent runs after it on the one connection. A PGlite query costs milliseconds of this thread.
 */
import { swissDay } from '../../../platform/lib/swiss-day.ts';
import type { Knex } from 'knex';
import type { BookingSettings } from '../contract/index.ts';
import { computeSlots, type SlotsResponse } from './availability.ts';
import { FEED_STALE_AFTER_MS, loadHostSchedules, readBookingSettings } from './store.ts';

type Db = Knex | Knex.Transaction;

/** The longest a computation is served, whatever else holds. */
export const FREE_STARTS_MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 32;
const MINUTE_MS = 60_000;

export interface FreeStarts {
  /** The version of the data they were computed from. */
  version: string;
  settings: BookingSettings;
  slots: SlotsResponse;
}

interface Entry extends FreeStarts {
  computedAt: number;
  validUntil: number;
  today: string;
}

interface VersionRead {
  promise: Promise<string>;
  resolve: (version: string) => void;
  reject: (error: unknown) => void;
}

interface State {
  entries: Map<string, Entry>;
  /** Computations under way, by key: the requests missing together compute once. */
  computing: Map<string, { version: string; promise: Promise<Entry> }>;
  /** A read not sent yet: the requests arriving now join it. */
  waiting?: VersionRead;
  /** The read under way. */
  inFlight?: Promise<unknown>;
  /** Embedded database only: statements other than SELECT sent so far, and the version read before the last of them. */
  embedded: boolean;
  writes: number;
  known?: { version: string; writes: number };
}

const states = new WeakMap<object, State>();

function stateOf(db: Db): State {
  let state = states.get(db);
  if (!state) {
    const embedded = (db.client.config?.connection as { pglite?: unknown } | undefined)?.pglite !== undefined;
    const created: State = { entries: new Map(), computing: new Map(), embedded, writes: 0 };
    // Knex tells of every statement sent, transactions' included (their COMMIT too).
    if (embedded)
      db.on('query', (query: { sql?: string }) => {
        if (!/^\s*select\b/i.test(query.sql ?? '')) created.writes += 1;
      });
    state = created;
    states.set(db, state);
  }
  return state;
}

async function readVersion(db: Db): Promise<string> {
  const row = (await db('booking_availability').where({ id: 1 }).first('version')) as { version: string | number } | undefined;
  // A database restored from before the counter: no version, nothing kept (every request computes).
  return row ? String(row.version) : `none-${Math.random()}`;
}

function deferred(): VersionRead {
  let resolve!: (version: string) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<string>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** The version as of a read sent after this call (shared with the other requests waiting for it). */
export function availabilityVersion(db: Db): Promise<string> {
  const state = stateOf(db);
  if (state.known && state.known.writes === state.writes) return Promise.resolve(state.known.version);
  if (state.waiting) return state.waiting.promise;
  const read = deferred();
  state.waiting = read;
  const send = () => {
    if (state.waiting === read) state.waiting = undefined;
    const writes = state.writes;
    const query = readVersion(db).then((version) => {
      if (state.embedded) state.known = { version, writes };
      read.resolve(version);
    }, read.reject);
    state.inFlight = query.finally(() => {
      if (state.inFlight === query) state.inFlight = undefined;
    });
  };
  // After the read under way (its answer may predate a request that joined after it was sent).
  if (state.inFlight) void state.inFlight.then(send);
  else setImmediate(send);
  return read.promise;
}

/** When what was computed at `now` stops being right by the passing of time alone. */
async function validUntil(db: Db, now: Date, settings: BookingSettings, slots: SlotsResponse): Promise<number> {
  let until = now.getTime() + FREE_STARTS_MAX_AGE_MS;
  const first = slots.days.find((day) => day.slots.length > 0)?.slots[0];
  // A start is offered while it is at least the notice after now.
  if (first) until = Math.min(until, Date.parse(first.start) - settings.minimumNoticeMinutes * MINUTE_MS);
  const oldest = (await db('booking_hosts as h')
    .join('users as u', 'u.id', 'h.userId')
    .where('h.isHost', true)
    .andWhere('u.active', true)
    .whereNotNull('h.feedUrl')
    .andWhere('h.feedStatus', 'ok')
    .min('h.feedReadAt as readAt')
    .first()) as { readAt: Date | string | null } | undefined;
  // A feed read longer ago than FEED_STALE_AFTER_MS offers nothing (fail closed, store.ts).
  if (oldest?.readAt) until = Math.min(until, new Date(oldest.readAt).getTime() + FEED_STALE_AFTER_MS);
  return until;
}

/** The free starts of `range.days` Swiss days from `range.from`, as listSlots computes them, kept while right. */
export async function freeStarts(db: Db, now: Date, range: { from: string; days: number }): Promise<FreeStarts> {
  const state = stateOf(db);
  const version = await availabilityVersion(db);
  const key = `${range.from}/${range.days}`;
  const today = swissDay(now);
  const at = now.getTime();
  const kept = state.entries.get(key);
  const holds = (entry: Entry | undefined): entry is Entry => entry !== undefined && entry.version === version && entry.today === today && at >= entry.computedAt && at < entry.validUntil;
  if (holds(kept)) return kept;
  // A computation of this version started at or before now (its data read after this request's version).
  const under = state.computing.get(key);
  if (under && under.version === version) {
    const entry = await under.promise;
    if (holds(entry)) return entry;
  }
  const promise = compute(db, now, range, version, today);
  state.computing.set(key, { version, promise });
  try {
    const entry = await promise;
    state.entries.delete(key);
    if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
    state.entries.set(key, entry);
    return entry;
  } finally {
    if (state.computing.get(key)?.promise === promise) state.computing.delete(key);
  }
}

async function compute(db: Db, now: Date, range: { from: string; days: number }, version: string, today: string): Promise<Entry> {
  const settings = await readBookingSettings(db);
  const hosts = await loadHostSchedules(db, now, range.from, range.days);
  const slots = computeSlots(settings, now, range, hosts);
  return { version, settings, slots, computedAt: now.getTime(), today, validUntil: await validUntil(db, now, settings, slots) };
}
