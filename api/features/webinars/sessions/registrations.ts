/**
 * A webinar's registrations in the back office: one row's status, the status of selected
 * rows ("Marquer présents", "Marquer absents"), and the attendance import from a Zoom, Teams or Meet
 * participants' CSV. Capacity holds here as at sign-up: a change to `registered` takes the webinar's
 * row lock and is refused (409) when no seat is left. A registration cancelled here frees its seat as a
 * cancellation by link does: the first person waiting is registered and told (`waitlist_promoted`).
 */
import type { Knex } from 'knex';
import { WebinarRegistration } from '../../../models/index.ts';
import type { RegistrationStatus } from '../../../contract/options.ts';
import { NOT_FOUND_MESSAGES } from '../../../contract/params.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import { promoteFromWaitingList } from '../seats/seats.ts';

export const REGISTRATION_MESSAGES = {
  notFound: NOT_FOUND_MESSAGES.registration,
  full: 'Le webinaire est complet : libérez une place avant d’inscrire ces personnes.',
};

async function lockWebinar(trx: Knex.Transaction, webinarId: number): Promise<Record<string, any> & { id: number; maxAttendees: number }> {
  const webinar = await trx('webinars').where({ id: webinarId }).forUpdate().first();
  if (!webinar) throw notFound(NOT_FOUND_MESSAGES.webinar);
  return webinar;
}

/** Refuses to seat `joining` more people when the webinar has no room for them (webinar row locked). */
async function assertSeats(trx: Knex.Transaction, webinar: { id: number; maxAttendees: number }, joining: number): Promise<void> {
  if (joining === 0) return;
  const row = await trx('webinarRegistrations').where({ webinarId: webinar.id, status: 'registered' }).count({ taken: '*' }).first();
  if (Number(row?.taken ?? 0) + joining > webinar.maxAttendees) throw conflict(REGISTRATION_MESSAGES.full);
}

export async function setRegistrationStatus(db: Knex, id: number, status: RegistrationStatus, reminderOffsets: number[]): Promise<WebinarRegistration> {
  await db.transaction(async (trx) => {
    const current = await trx('webinarRegistrations').where({ id }).first('webinarId', 'status');
    if (!current) throw notFound(REGISTRATION_MESSAGES.notFound);
    const webinar = await lockWebinar(trx, current.webinarId);
    const row = await trx('webinarRegistrations').where({ id }).forUpdate().first('status');
    if (!row) throw notFound(REGISTRATION_MESSAGES.notFound);
    await assertSeats(trx, webinar, status === 'registered' && row.status !== 'registered' ? 1 : 0);
    await trx('webinarRegistrations').where({ id }).update({ status });
    if (status === 'cancelled' && row.status !== 'cancelled') await promoteFromWaitingList(trx, webinar, reminderOffsets);
  });
  const registration = await WebinarRegistration.query(db)
    .findById(id)
    .withGraphFetched('lead(listFields)')
    .modifiers({ listFields: (lead) => lead.select('id', 'firstName', 'lastName', 'email', 'phone') });
  if (!registration) throw notFound(REGISTRATION_MESSAGES.notFound);
  return registration;
}

/** The selected rows of one webinar take `status`; ids of other webinars are not touched. */
export async function setRegistrationsStatus(db: Knex, webinarId: number, ids: number[], status: RegistrationStatus, reminderOffsets: number[]): Promise<number> {
  return db.transaction(async (trx) => {
    const webinar = await lockWebinar(trx, webinarId);
    const selected = trx('webinarRegistrations').where({ webinarId }).whereIn('id', ids);
    if (status === 'registered') {
      const joining = await selected.clone().whereNot('status', 'registered').count({ count: '*' }).first();
      await assertSeats(trx, webinar, Number(joining?.count ?? 0));
    }
    const changed = Number(await selected.clone().update({ status }));
    if (status === 'cancelled' && changed > 0) await promoteFromWaitingList(trx, webinar, reminderOffsets);
    return changed;
  });
}
