/**
 * What the registration links do once their form is posted (the pages: /annulation/ and
 * /inscription-webinaire/, decision 051): cancel a registration, or sign up in one step from an
 * invitation. Each runs in one transaction with the e-mails it causes.
 */
import type { Knex } from 'knex';
import { HttpError } from '../../platform/errors.ts';
import { verifyCancelToken, verifyJoinToken } from './links.ts';
import { REGISTRATION_LINK_MESSAGE, type RegistrationCancel, type RegistrationJoin } from '../../schemas/index.ts';
import { cancelRegistration, takeSeatInWebinar, type CancelOutcome } from './seats.ts';
import { enqueueSubmissionEmails } from '../../platform/mail/outbox.ts';

export const REGISTRATION_LINK_MESSAGES = {
  cancelled: 'Votre inscription est annulée. Votre place est libérée pour une autre personne.',
  alreadyCancelled: 'Cette inscription était déjà annulée.',
  registered: 'Votre inscription est confirmée : vous recevez la confirmation par e-mail.',
  waitlisted: "La session est complète : vous êtes sur la liste d'attente. Nous vous écrirons dès qu'une place se libère.",
  alreadyHeld: 'Votre inscription à cette session est déjà enregistrée.',
  closed: "Cette session n'accepte plus d'inscriptions. Inscrivez-vous à la prochaine depuis la page du webinaire.",
};

function invalidLink(): HttpError {
  // The same answer for a wrong token and an unknown id: a link tells nothing about other people.
  return new HttpError(404, REGISTRATION_LINK_MESSAGE);
}

export async function cancelByLink(db: Knex, secret: string, input: RegistrationCancel, reminderOffsets: number[]): Promise<Exclude<CancelOutcome, 'not_found'>> {
  if (!verifyCancelToken(secret, input.registration, input.token)) throw invalidLink();
  const outcome = await db.transaction((trx) => cancelRegistration(trx, input.registration, reminderOffsets));
  if (outcome === 'not_found') throw invalidLink();
  return outcome;
}

export interface JoinResult {
  registration: { webinarId: number; status: 'registered' | 'waitlisted' } | null;
  message: string;
}

export async function joinByInvitation(db: Knex, secret: string, input: RegistrationJoin): Promise<JoinResult> {
  if (!verifyJoinToken(secret, input.webinar, input.lead, input.token)) throw invalidLink();
  return db.transaction(async (trx) => {
    const lead = await trx('leads').where({ id: input.lead }).first('id');
    if (!lead) throw invalidLink();
    const seat = await takeSeatInWebinar(trx, input.webinar, input.lead);
    if (!seat) return { registration: null, message: REGISTRATION_LINK_MESSAGES.closed };
    const status = seat.status === 'waitlisted' ? 'waitlisted' : 'registered';
    if (seat.created) {
      await enqueueSubmissionEmails(trx, { leadId: input.lead, submission: 'webinar', webinarId: seat.webinarId, registrationId: seat.id, outcome: status });
    }
    const message = !seat.created ? REGISTRATION_LINK_MESSAGES.alreadyHeld : REGISTRATION_LINK_MESSAGES[status];
    return { registration: { webinarId: seat.webinarId, status }, message };
  });
}
