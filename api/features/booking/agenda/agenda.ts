/**
 * The team's agenda of calls: the list (by start, per host, per status) and what the team records
 * once a call has taken place (held or missed). Marking a call held or missed completes its activity,
 * so it leaves the host's Tâches with its outcome on the contact's page. Cancelling and moving a call
 * tell the person, so they go through ../manage/manage.ts (the same path as the person's own links).
 */
import type { Knex } from 'knex';
import { BOOKING_NOT_FOUND_MESSAGE, type AdminBookingsQuery, type BookingStatus } from '../contract/index.ts';
import type { AgendaRow } from '../contract/index.ts';
import { conflict, notFound } from '../../../platform/errors.ts';

/** Outcomes written on the call's activity, as the contact's history shows them. */
export const BOOKING_OUTCOMES = { held: 'Appel effectué', 'no-show': 'Absent : la personne ne s’est pas présentée' } as const;

export const BOOKING_NOT_STARTED_MESSAGE = 'Cet appel n’a pas encore eu lieu : il pourra être marqué effectué ou absent dès son heure de début.';
export const BOOKING_CANCELLED_MESSAGE = 'Cet appel est annulé : il ne peut plus être modifié.';
export const BOOKING_PAST_MESSAGE = 'Cet appel a déjà commencé : il ne peut plus être annulé ni déplacé. Marquez-le effectué ou absent.';
export const BOOKING_DONE_MESSAGE = 'Cet appel est déjà marqué effectué ou absent : il ne peut plus être annulé ni déplacé.';

/**
 * A bound of the query as SQL: a bare date is a Swiss day (`from` its midnight, `to` the next
 * midnight, so `to` includes the whole day); a date-time is that instant.
 */
function bound(db: Knex, value: string, end: boolean): Knex.Raw {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return end ? db.raw("((?::date + 1)::timestamp at time zone 'Europe/Zurich')", [value]) : db.raw("(?::date::timestamp at time zone 'Europe/Zurich')", [value]);
  }
  return db.raw('?::timestamptz', [value]);
}

const AGENDA_COLUMNS = [
  'b.id',
  'b.startAt',
  'b.endAt',
  'b.status',
  'b.hostId',
  'b.message',
  'l.id as leadId',
  'l.firstName as leadFirstName',
  'l.lastName as leadLastName',
  'l.email as leadEmail',
] as const;

const agenda = (db: Knex) => db('bookings as b').join('leads as l', 'l.id', 'b.lead_id');

/** The calls whose start falls in the range, earliest first (through the start index). */
export async function listAgenda(db: Knex, query: AdminBookingsQuery): Promise<AgendaRow[]> {
  const builder = agenda(db);
  if (query.from) builder.where('b.start_at', '>=', bound(db, query.from, false));
  if (query.to) builder.where('b.start_at', '<', bound(db, query.to, true));
  if (query.hostId !== undefined) builder.where('b.host_id', query.hostId);
  if (query.status) builder.where('b.status', query.status);
  return builder
    .orderBy([
      { column: 'b.start_at', order: 'asc' },
      { column: 'b.id', order: 'asc' },
    ])
    .limit(query.limit)
    .select<AgendaRow[]>(...AGENDA_COLUMNS);
}

/** One call as the agenda lists it; 404 when there is none. */
export async function agendaRow(db: Knex, id: number): Promise<AgendaRow> {
  const found = (await agenda(db)
    .where('b.id', id)
    .first(...AGENDA_COLUMNS)) as AgendaRow | undefined;
  if (!found) throw notFound(BOOKING_NOT_FOUND_MESSAGE);
  return found;
}

interface LockedBooking {
  id: number;
  status: BookingStatus;
  startAt: Date;
  activityId: number | null;
}

/** The booking, locked for the transaction; 404 when there is none. */
async function lockBooking(trx: Knex.Transaction, id: number): Promise<LockedBooking> {
  const booking = (await trx('bookings').where({ id }).forUpdate().first('id', 'status', 'startAt', 'activityId')) as LockedBooking | undefined;
  if (!booking) throw notFound(BOOKING_NOT_FOUND_MESSAGE);
  return booking;
}

/**
 * Records that the call took place (held) or that the person did not come (no-show), once its start
 * has passed; a call already marked may be corrected. Its activity is completed with the outcome.
 */
export async function markBooking(db: Knex, id: number, status: 'held' | 'no-show', now: Date = new Date()): Promise<void> {
  await db.transaction(async (trx) => {
    const booking = await lockBooking(trx, id);
    if (booking.status === 'cancelled') throw conflict(BOOKING_CANCELLED_MESSAGE);
    if (new Date(booking.startAt).getTime() > now.getTime()) throw conflict(BOOKING_NOT_STARTED_MESSAGE);
    await trx('bookings').where({ id }).update({ status, updatedAt: now });
    if (booking.activityId !== null) {
      await trx('activities')
        .where({ id: booking.activityId })
        .update({ status: 'completed', outcome: BOOKING_OUTCOMES[status], completedAt: trx.raw('coalesce(completed_at, ?)', [now]), updatedAt: now });
    }
  });
}

/**
 * A call the team may still cancel or move: confirmed and not yet started. Checked before the
 * change is handed to ../manage/manage.ts, which re-checks the slot itself.
 */
export async function assertChangeable(db: Knex, id: number, now: Date = new Date()): Promise<void> {
  const booking = (await db('bookings').where({ id }).first('id', 'status', 'startAt')) as Omit<LockedBooking, 'activityId'> | undefined;
  if (!booking) throw notFound(BOOKING_NOT_FOUND_MESSAGE);
  if (booking.status === 'cancelled') throw conflict(BOOKING_CANCELLED_MESSAGE);
  if (booking.status !== 'confirmed') throw conflict(BOOKING_DONE_MESSAGE);
  if (new Date(booking.startAt).getTime() <= now.getTime()) throw conflict(BOOKING_PAST_MESSAGE);
}
