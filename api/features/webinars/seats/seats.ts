/**
 * Seats, the waiting list and cancellations of webinar registrations (decision 050).
 *
 * A seat is a registration whose status is `registered`, `attended` or `no-show` (the two last ones are
 * set after the session, when nobody can sign up any more): `waitlisted` and `cancelled` rows hold none.
 * Every change of who holds a seat locks the webinar row first (`for update`): concurrent sign-ups,
 * cancellations and promotions queue on that lock, and each one counts seats in a fresh statement (a new
 * snapshot under READ COMMITTED) that sees every committed change, so `registered` never exceeds
 * maxAttendees. The waiting list is first come, first served (registered_at, then id).
 */
import type { Knex } from 'knex';
import { createEmails, type NewEmail } from '../../../platform/mail/outbox.ts';
import { webinarFacts, type CancellationEmailData } from '../mail/email-data.ts';
import { cancelQueuedSeatEmails, seatEmails } from './seat-emails.ts';
import type { PublicReceipt } from '../contract/index.ts';

/** The statuses that hold a seat, as an SQL list. */
export const SEAT_STATUSES_SQL = "('registered', 'attended', 'no-show')";

/** The person's registration after a sign-up; `created` when this sign-up made or changed it (→ e-mails). */
export interface HeldSeat {
  id: number;
  webinarId: number;
  status: string;
  created: boolean;
}

interface LockedWebinar {
  id: number;
  maxAttendees: number;
}

/** The next session a sign-up would join, locked: the one the public pages announce. */
async function lockNextWebinar(trx: Knex.Transaction): Promise<LockedWebinar | undefined> {
  return trx('webinars')
    .where('isActive', true)
    .where('datetime', '>', trx.fn.now())
    .orderBy([{ column: 'datetime' }, { column: 'id' }])
    .forUpdate()
    .first<LockedWebinar | undefined>('id', 'maxAttendees');
}

/**
 * A webinar sign-up from the public form, inside the caller's transaction. No session planned: the
 * person waits for the next one (`webinar_interests`, invited when a session is created). A full
 * session: the person joins its waiting list. The receipt depends on the webinar alone, never on the
 * person: someone already holding a seat is answered like a newcomer (and keeps the seat).
 */
export async function takeSeatInNextWebinar(trx: Knex.Transaction, leadId: number): Promise<{ receipt: PublicReceipt; registration: HeldSeat | null }> {
  const webinar = await lockNextWebinar(trx);
  if (!webinar) {
    // Invited before and signing up again: wait for the session after that one.
    await trx.raw(
      `insert into webinar_interests (lead_id) values (?)
       on conflict (lead_id) do update set created_at = now(), invited_at = null, invited_webinar_id = null
       where webinar_interests.invited_at is not null`,
      [leadId],
    );
    return { receipt: { registration: null, outcome: 'no_upcoming_webinar' }, registration: null };
  }
  const { full, seat } = await seatInLockedWebinar(trx, webinar, leadId);
  const status = full ? 'waitlisted' : 'registered';
  return { receipt: { registration: { webinarId: webinar.id, status }, outcome: status }, registration: seat };
}

/**
 * A seat in one given webinar (the invitation's one-step sign-up), inside the caller's transaction.
 * Returns undefined when the webinar is past, inactive or gone.
 */
export async function takeSeatInWebinar(trx: Knex.Transaction, webinarId: number, leadId: number): Promise<HeldSeat | undefined> {
  const webinar = await trx('webinars').where({ id: webinarId, isActive: true }).where('datetime', '>', trx.fn.now()).forUpdate().first<LockedWebinar | undefined>('id', 'maxAttendees');
  if (!webinar) return undefined;
  return (await seatInLockedWebinar(trx, webinar, leadId)).seat;
}

/** With the webinar row locked: counts the seats, then registers, waitlists or keeps the person's row. */
async function seatInLockedWebinar(trx: Knex.Transaction, webinar: LockedWebinar, leadId: number): Promise<{ full: boolean; seat: HeldSeat }> {
  const { rows } = await trx.raw<{ rows: Array<{ taken: number; own_id: number | null; own_status: string | null }> }>(
    `select count(*) filter (where status in ${SEAT_STATUSES_SQL})::int as taken,
            max(id) filter (where lead_id = ?) as own_id,
            max(status) filter (where lead_id = ?) as own_status
     from webinar_registrations where webinar_id = ?`,
    [leadId, leadId, webinar.id],
  );
  const counted = rows[0]!;
  const full = counted.taken >= webinar.maxAttendees;
  const wanted = full ? 'waitlisted' : 'registered';
  if (counted.own_id === null) {
    const [inserted] = await trx('webinarRegistrations').insert({ webinarId: webinar.id, leadId, status: wanted }).returning('id');
    return { full, seat: { id: Number((inserted as { id: number }).id), webinarId: webinar.id, status: wanted, created: true } };
  }
  const own = { id: Number(counted.own_id), status: counted.own_status! };
  // A cancelled person signing up again comes back, at the end of the queue if the session is full;
  // someone waiting takes a seat that is free (the capacity was raised since).
  if (own.status === 'cancelled' || (own.status === 'waitlisted' && !full)) {
    await trx('webinarRegistrations').where({ id: own.id }).update({ status: wanted, registeredAt: trx.fn.now() });
    return { full, seat: { id: own.id, webinarId: webinar.id, status: wanted, created: true } };
  }
  return { full, seat: { id: own.id, webinarId: webinar.id, status: own.status, created: false } };
}

export type CancelOutcome = 'cancelled' | 'already_cancelled' | 'not_found';

/**
 * Cancels a registration (the cancellation link's form), inside the caller's transaction. A freed seat
 * goes to the first person on the waiting list, who is registered and told (`waitlist_promoted`, with
 * the calendar file and the reminders). A session already started frees nothing.
 */
export async function cancelRegistration(trx: Knex.Transaction, registrationId: number, reminderOffsets: number[]): Promise<CancelOutcome> {
  const found = await trx('webinarRegistrations').where({ id: registrationId }).first<{ webinarId: number } | undefined>('webinarId');
  if (!found) return 'not_found';
  const webinar = await trx('webinars').where({ id: found.webinarId }).forUpdate().first();
  if (!webinar) return 'not_found';
  const before = await trx('webinarRegistrations').where({ id: registrationId }).first<{ status: string; leadId: number }>('status', 'leadId');
  const [cancelled] = await trx('webinarRegistrations').where({ id: registrationId }).whereIn('status', ['registered', 'waitlisted']).update({ status: 'cancelled' }).returning(['status']);
  if (!cancelled) return 'already_cancelled';
  await cancelQueuedSeatEmails(trx, { registrationId }, 'Inscription annulée par la personne.');
  // The person is told, with the file that takes the session out of their calendar if it is there
  // (decision 090). Once the session has started there is nothing left to take out.
  if (new Date(webinar.datetime).getTime() > Date.now()) {
    const lead = await trx('leads').where({ id: before!.leadId }).first<{ id: number; email: string; firstName: string }>('id', 'email', 'firstName');
    const data: CancellationEmailData = {
      firstName: lead!.firstName,
      registrationId,
      webinar: webinarFacts(webinar),
      waitlisted: before!.status === 'waitlisted',
      calendar: await holdsCalendarEntry(trx, registrationId),
    };
    await createEmails(trx, [
      {
        kind: 'registration_cancelled',
        // One per cancellation: a person who signs up again and cancels again is told again.
        causeKey: `registration_cancelled:registration:${registrationId}:${Date.now()}`,
        toAddress: lead!.email,
        leadId: lead!.id,
        webinarId: webinar.id,
        registrationId,
        data,
      },
    ]);
  }
  await promoteFromWaitingList(trx, webinar, reminderOffsets);
  return 'cancelled';
}

/** The e-mails whose calendar file adds the session (METHOD:REQUEST) or takes it out (METHOD:CANCEL). */
const CALENDAR_ADDING_KINDS = ['webinar_confirmation', 'waitlist_promoted', 'webinar_update'];
const CALENDAR_REMOVING_KINDS = ['webinar_cancelled', 'registration_cancelled'];

/**
 * Whether the person's calendar holds this registration's entry: the last calendar file sent about it
 * added the session (decision 090). Someone who only ever waited got no file, and needs no CANCEL.
 */
export async function holdsCalendarEntry(trx: Knex.Transaction, registrationId: number): Promise<boolean> {
  const last = await trx('emails')
    .where({ registrationId, status: 'sent' })
    .whereIn('kind', [...CALENDAR_ADDING_KINDS, ...CALENDAR_REMOVING_KINDS])
    .orderBy([
      { column: 'sentAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first<{ kind: string; data: { calendar?: boolean } } | undefined>('kind', 'data');
  if (!last) return false;
  return CALENDAR_ADDING_KINDS.includes(last.kind);
}

/** With the webinar row locked: fills every free seat from the waiting list, in order. */
export async function promoteFromWaitingList(trx: Knex.Transaction, webinar: Record<string, any>, reminderOffsets: number[]): Promise<number[]> {
  if (!webinar.isActive || new Date(webinar.datetime).getTime() <= Date.now()) return [];
  const { rows } = await trx.raw<{ rows: Array<{ taken: number }> }>(`select count(*)::int as taken from webinar_registrations where webinar_id = ? and status in ${SEAT_STATUSES_SQL}`, [webinar.id]);
  const free = webinar.maxAttendees - rows[0]!.taken;
  if (free <= 0) return [];
  const promoted = (await trx('webinarRegistrations')
    .whereIn(
      'id',
      trx('webinarRegistrations')
        .select('id')
        .where({ webinarId: webinar.id, status: 'waitlisted' })
        .orderBy([{ column: 'registeredAt' }, { column: 'id' }])
        .limit(free),
    )
    .update({ status: 'registered' })
    .returning(['id', 'leadId', 'registeredAt'])) as Array<{ id: number; leadId: number; registeredAt: Date }>;
  if (promoted.length === 0) return [];
  const leads = (await trx('leads')
    .whereIn(
      'id',
      promoted.map((row) => row.leadId),
    )
    .select('id', 'email', 'firstName')) as Array<{ id: number; email: string; firstName: string }>;
  const facts = webinarFacts(webinar);
  const emails: NewEmail[] = [];
  for (const row of promoted) {
    const lead = leads.find((item) => item.id === row.leadId)!;
    const person = { registrationId: row.id, registeredAt: row.registeredAt, leadId: lead.id, email: lead.email, firstName: lead.firstName };
    emails.push(...seatEmails('waitlist_promoted', person, facts, reminderOffsets));
  }
  await createEmails(trx, emails);
  return promoted.map((row) => row.id);
}
