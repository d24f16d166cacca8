/**
 * The next session a sign-up would join, as the public pages announce it (decision 052): its date and
 * the seats left. Kept in memory per database for NEXT_SESSION_TTL_MS, and dropped at once by this
 * instance whenever it changes a webinar or a registration (`invalidateNextSession`); another instance
 * sees the change when its copy expires, at most that long after. One query at a time refreshes it:
 * concurrent page views share the pending read.
 */
import type { Knex } from 'knex';
import { SEAT_STATUSES_SQL } from '../seats/seats.ts';

export const NEXT_SESSION_TTL_MS = 2_000;

export type NextSession = { webinarId: number; datetime: Date; seatsLeft: number } | null;

interface Entry {
  value: Promise<NextSession>;
  expires: number;
}

const cache = new WeakMap<Knex, Entry>();

async function readNextSession(db: Knex): Promise<NextSession> {
  const { rows } = await db.raw<{ rows: Array<{ id: number; datetime: Date; max_attendees: number; taken: number }> }>(
    `select w.id, w.datetime, w.max_attendees,
       (select count(*)::int from webinar_registrations r where r.webinar_id = w.id and r.status in ${SEAT_STATUSES_SQL}) as taken
     from webinars w where w.is_active and w.datetime > now() order by w.datetime, w.id limit 1`,
  );
  const row = rows[0];
  if (!row) return null;
  return { webinarId: row.id, datetime: new Date(row.datetime), seatsLeft: Math.max(0, row.max_attendees - row.taken) };
}

export function nextSession(db: Knex, now = Date.now()): Promise<NextSession> {
  const entry = cache.get(db);
  if (entry && entry.expires > now) return entry.value;
  const value = readNextSession(db);
  cache.set(db, { value, expires: now + NEXT_SESSION_TTL_MS });
  // A failed read is not kept: the next page view asks again.
  value.catch(() => cache.delete(db));
  return value;
}

/** After any change to a webinar or its registrations on this instance. */
export function invalidateNextSession(db: Knex): void {
  cache.delete(db);
}
