/**
 * The e-mails a seat causes: the confirmation (or the promotion from the waiting list) with its
 * reminders, the waiting-list notice, and their cancellation when the seat or the session goes. Each
 * is caused once per seat taken (./seats.ts): a person who cancels and signs up again is a new cause.
 */
import type { Knex } from 'knex';
import type { NewEmail } from '../../../platform/mail/outbox.ts';
import type { EmailKind } from '../../../platform/mail/kinds.ts';
import type { RegistrationEmailData } from '../mail/email-data.ts';
import { reminderEmails } from '../mail/reminders.ts';

/** The person a registration's e-mails go to. */
export interface SeatPerson {
  registrationId: number;
  registeredAt: Date;
  leadId: number;
  email: string;
  firstName: string;
}

/** The e-mails a newly held seat causes: the first one (confirmation or promotion) and the reminders. */
export function seatEmails(kind: 'webinar_confirmation' | 'waitlist_promoted', person: SeatPerson, webinar: RegistrationEmailData['webinar'], reminderOffsets: number[]): NewEmail[] {
  const data: RegistrationEmailData = { firstName: person.firstName, registrationId: person.registrationId, webinar };
  const common = { toAddress: person.email, leadId: person.leadId, webinarId: webinar.id, registrationId: person.registrationId, data };
  const seat = seatCause(person.registrationId, person.registeredAt);
  return [{ ...common, kind, causeKey: `${kind}:${seat}` }, ...reminderEmails(common, seat, reminderOffsets)];
}

/** A sign-up for a full session: the e-mail that says it is on the waiting list, with the link to leave it. */
export function waitlistEmail(person: SeatPerson, webinar: RegistrationEmailData['webinar']): NewEmail {
  const data: RegistrationEmailData = { firstName: person.firstName, registrationId: person.registrationId, webinar };
  return {
    kind: 'waitlist_joined',
    causeKey: `waitlist_joined:${seatCause(person.registrationId, person.registeredAt)}`,
    toAddress: person.email,
    leadId: person.leadId,
    webinarId: webinar.id,
    registrationId: person.registrationId,
    data,
  };
}

/**
 * The cause of a seat's e-mails: the registration and the moment it was (re)taken. A person who cancels
 * and signs up again (seatInLockedWebinar sets registeredAt anew) gets a new
 * confirmation and new reminders; a job that runs twice for the same seat still adds nothing.
 */
export function seatCause(registrationId: number, registeredAt: Date | string): string {
  return `registration:${registrationId}:seat:${new Date(registeredAt).getTime()}`;
}

/** The e-mails about a seat that are pointless once the seat or the session is gone. */
const SEAT_EMAIL_KINDS: readonly EmailKind[] = ['webinar_confirmation', 'webinar_reminder', 'waitlist_promoted', 'waitlist_joined', 'webinar_update'];

/** Cancels those still waiting, of one registration or of a whole webinar, with the reason the Emails screen shows. */
export async function cancelQueuedSeatEmails(trx: Knex.Transaction, where: { registrationId: number } | { webinarId: number }, reason: string): Promise<void> {
  await trx('emails')
    .where({ ...where, status: 'queued' })
    .whereIn('kind', SEAT_EMAIL_KINDS)
    .update({ status: 'cancelled', lastError: reason, updatedAt: trx.fn.now() });
}
