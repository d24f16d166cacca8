/**
 * Which e-mails a booking's life causes (docs/decisions/107-booking-emails-and-manage-links.md), written into the outbox (api/platform/mail/outbox.ts) in the
 * transaction of the change itself, so a committed booking, move or cancellation always has its e-mails
 * and a repeated cause adds none (cause keys). What each says: ./emails.ts.
 * - booked: the person's confirmation, the host's alert, one reminder per `BOOKING_REMINDERS` offset
 *   still to come;
 * - moved: an update to the person and to the host (same UID, higher SEQUENCE); the waiting reminders
 *   are re-timed to the new start, those now past cancelled, and offsets with no reminder waiting (sent
 *   for the old time, or past at booking time) get one for the new time;
 * - cancelled: a METHOD:CANCEL to the person and to the host; the waiting reminders are cancelled.
 * Every e-mail but the cancellation reads the booking again just before it goes (./emails.ts).
 */
import type { Knex } from 'knex';
import { createEmails, queueSendJobs, type NewEmail } from '../../../platform/mail/outbox.ts';

type Db = Knex | Knex.Transaction;

/** `BOOKING_REMINDERS`' default: a day and an hour before the call. */
export const DEFAULT_BOOKING_REMINDERS = [1440, 60];

export type BookingAudience = 'person' | 'host';

/** The facts an e-mail about one booking is written from (stored on its row, refreshed before sending). */
export interface BookingEmailData {
  bookingId: number;
  audience: BookingAudience;
  uid: string;
  sequence: number;
  status: string;
  start: string;
  end: string;
  mode: 'video' | 'phone';
  videoUrl: string | null;
  phone: string | null;
  message: string | null;
  person: { firstName: string; lastName: string | null; email: string };
  host: { firstName: string | null; name: string; email: string };
  /** Reminders: minutes before the start. */
  offsetMinutes?: number;
  /** Updates: the start it had before the move. */
  previousStart?: string;
  /** Cancellations and updates: who acted. */
  by?: 'person' | 'team';
}

type Facts = Omit<BookingEmailData, 'audience' | 'offsetMinutes' | 'previousStart' | 'by'> & { leadId: number };

/** The booking as it is now, with its person and host; undefined once deleted (erasure). */
export async function bookingFacts(db: Db, bookingId: number): Promise<Facts | undefined> {
  const row = (await db('bookings as b')
    .join('leads as l', 'l.id', 'b.leadId')
    .join('users as u', 'u.id', 'b.hostId')
    .where('b.id', bookingId)
    .first(
      'b.id',
      'b.uid',
      'b.leadId',
      'b.sequence',
      'b.status',
      'b.startAt',
      'b.endAt',
      'b.mode',
      'b.videoUrl',
      'b.phone',
      'b.message',
      'l.firstName as personFirstName',
      'l.lastName as personLastName',
      'l.email as personEmail',
      'u.firstName as hostFirstName',
      'u.lastName as hostLastName',
      'u.username as hostUsername',
      'u.email as hostEmail',
    )) as Record<string, any> | undefined;
  if (!row) return undefined;
  const hostName = [row.hostFirstName, row.hostLastName].filter(Boolean).join(' ') || row.hostUsername;
  return {
    bookingId: row.id,
    leadId: row.leadId,
    uid: row.uid,
    sequence: row.sequence,
    status: row.status,
    start: new Date(row.startAt).toISOString(),
    end: new Date(row.endAt).toISOString(),
    mode: row.mode,
    videoUrl: row.videoUrl,
    phone: row.phone,
    message: row.message,
    person: { firstName: row.personFirstName, lastName: row.personLastName, email: row.personEmail },
    host: { firstName: row.hostFirstName, name: hostName, email: row.hostEmail },
  };
}

function addressed(facts: Facts, audience: BookingAudience): Pick<NewEmail, 'toAddress' | 'leadId' | 'bookingId'> {
  return { toAddress: audience === 'person' ? facts.person.email : facts.host.email, leadId: facts.leadId, bookingId: facts.bookingId };
}

function dataOf(facts: Facts, audience: BookingAudience, extra: Partial<BookingEmailData> = {}): BookingEmailData {
  const { leadId: _leadId, ...rest } = facts;
  return { ...rest, audience, ...extra };
}

/** When each reminder of a call starting at `start` is due; those already past are left out. */
export function bookingReminderTimes(start: Date, offsets: number[], now: Date): Array<{ offset: number; at: Date }> {
  return [...new Set(offsets)].map((offset) => ({ offset, at: new Date(start.getTime() - offset * 60_000) })).filter((reminder) => reminder.at.getTime() > now.getTime());
}

function reminderEmails(facts: Facts, offsets: number[], now: Date, skip: Set<number> = new Set()): NewEmail[] {
  return bookingReminderTimes(new Date(facts.start), offsets, now)
    .filter((reminder) => !skip.has(reminder.offset))
    .map((reminder) => ({
      kind: 'booking_reminder',
      // The sequence: a reminder already sent for the old time is due again for the new one.
      causeKey: `booking_reminder:${facts.bookingId}:${facts.sequence}:${reminder.offset}`,
      ...addressed(facts, 'person'),
      data: dataOf(facts, 'person', { offsetMinutes: reminder.offset }),
      sendAfter: reminder.at,
    }));
}

/** A new booking's e-mails (in its transaction). */
export async function queueBookedEmails(trx: Knex.Transaction, bookingId: number, offsets: number[], now = new Date()): Promise<void> {
  const facts = await bookingFacts(trx, bookingId);
  if (!facts) return;
  await createEmails(trx, [
    { kind: 'booking_confirmation', causeKey: `booking_confirmation:${bookingId}`, ...addressed(facts, 'person'), data: dataOf(facts, 'person') },
    { kind: 'booking_host_alert', causeKey: `booking_host_alert:${bookingId}`, ...addressed(facts, 'host'), data: dataOf(facts, 'host') },
    ...reminderEmails(facts, offsets, now),
  ]);
}

/** A moved booking's e-mails and reminders (in the move's transaction, after the booking row changed). */
export async function queueMovedEmails(
  trx: Knex.Transaction,
  bookingId: number,
  move: { previousStart: Date; previousHostId: number; hostId: number; by: 'person' | 'team' },
  offsets: number[],
  now = new Date(),
): Promise<void> {
  const facts = await bookingFacts(trx, bookingId);
  if (!facts) return;
  const extra = { previousStart: move.previousStart.toISOString(), by: move.by };
  const emails: NewEmail[] = [{ kind: 'booking_update', causeKey: `booking_update:${bookingId}:${facts.sequence}:person`, ...addressed(facts, 'person'), data: dataOf(facts, 'person', extra) }];
  if (move.hostId === move.previousHostId) {
    emails.push({ kind: 'booking_update', causeKey: `booking_update:${bookingId}:${facts.sequence}:host`, ...addressed(facts, 'host'), data: dataOf(facts, 'host', extra) });
  } else {
    // Another host took the new time: the former one's calendar loses the call, the new one's gains it.
    const former = (await trx('users').where({ id: move.previousHostId }).first('firstName', 'lastName', 'username', 'email')) as Record<string, any> | undefined;
    if (former) {
      const formerHost = { firstName: former.firstName, name: [former.firstName, former.lastName].filter(Boolean).join(' ') || former.username, email: former.email };
      emails.push({
        kind: 'booking_cancelled',
        causeKey: `booking_cancelled:${bookingId}:${facts.sequence}:former-host`,
        toAddress: former.email,
        leadId: facts.leadId,
        bookingId,
        data: dataOf({ ...facts, host: formerHost, start: extra.previousStart }, 'host', { by: move.by }),
      });
    }
    emails.push({ kind: 'booking_host_alert', causeKey: `booking_host_alert:${bookingId}:${facts.sequence}`, ...addressed(facts, 'host'), data: dataOf(facts, 'host') });
  }

  // The waiting reminders follow the call; sending checks the time again, so a missed move only delays one.
  const waiting = (await trx('emails').where({ bookingId, kind: 'booking_reminder', status: 'queued' }).select('id', 'data')) as Array<{
    id: number;
    data: BookingEmailData;
  }>;
  const moved: Array<{ id: number; sendAfter: Date }> = [];
  const kept = new Set<number>();
  for (const reminder of waiting) {
    const offset = Number(reminder.data.offsetMinutes);
    const [time] = bookingReminderTimes(new Date(facts.start), [offset], now);
    if (!time || !offsets.includes(offset)) {
      await trx('emails').where({ id: reminder.id }).update({ status: 'cancelled', lastError: 'Rendez-vous déplacé : heure du rappel passée.', updatedAt: trx.fn.now() });
      continue;
    }
    await trx('emails')
      .where({ id: reminder.id })
      .update({ sendAfter: time.at, data: JSON.stringify(dataOf(facts, 'person', { offsetMinutes: offset })), updatedAt: trx.fn.now() });
    moved.push({ id: reminder.id, sendAfter: time.at });
    kept.add(offset);
  }
  await queueSendJobs(trx, moved);
  emails.push(...reminderEmails(facts, offsets, now, kept));
  await createEmails(trx, emails);
}

/** A cancelled booking's e-mails (in the cancellation's transaction, after the status changed). */
export async function queueCancelledEmails(trx: Knex.Transaction, bookingId: number, by: 'person' | 'team'): Promise<void> {
  const facts = await bookingFacts(trx, bookingId);
  if (!facts) return;
  // Nothing else about this call goes out any more (sending checks it too, for a row already claimed).
  await trx('emails')
    .where({ bookingId, status: 'queued' })
    .whereIn('kind', ['booking_confirmation', 'booking_reminder', 'booking_update', 'booking_host_alert'])
    .update({ status: 'cancelled', lastError: 'Rendez-vous annulé avant l’envoi.', updatedAt: trx.fn.now() });
  await createEmails(trx, [
    { kind: 'booking_cancelled', causeKey: `booking_cancelled:${bookingId}:person`, ...addressed(facts, 'person'), data: dataOf(facts, 'person', { by }) },
    { kind: 'booking_cancelled', causeKey: `booking_cancelled:${bookingId}:host`, ...addressed(facts, 'host'), data: dataOf(facts, 'host', { by }) },
  ]);
}
