/**
 * The sessions still to come, with their seats left, as the newsletter's "Prochains webinaires" block
 * lists them (api/features/newsletters): read when each message is written, so the list is never stale.
 */
import type { Knex } from 'knex';
import { SEAT_STATUSES_SQL } from '../seats/seats.ts';

export interface UpcomingSession {
  webinarId: number;
  title: string;
  /** ISO date-time of the start. */
  datetime: string;
  seatsLeft: number;
}

export async function upcomingSessions(db: Knex, limit = 3): Promise<UpcomingSession[]> {
  const { rows } = await db.raw<{ rows: Array<{ id: number; title: string; datetime: Date; max_attendees: number; taken: number }> }>(
    `select w.id, w.title, w.datetime, w.max_attendees,
       (select count(*)::int from webinar_registrations r where r.webinar_id = w.id and r.status in ${SEAT_STATUSES_SQL}) as taken
     from webinars w where w.is_active and w.datetime > now() order by w.datetime, w.id limit ?`,
    [limit],
  );
  return rows.map((row) => ({ webinarId: row.id, title: row.title, datetime: new Date(row.datetime).toISOString(), seatsLeft: Math.max(0, row.max_attendees - row.taken) }));
}
