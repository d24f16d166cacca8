/**
 * What the cancellation link does once its form is posted (the page /annulation/, decision 051), in
 * one transaction with the e-mails it causes. The invitation's one-step sign-up is a public form:
 * ./invitation-join.ts.
 */
import type { Knex } from 'knex';
import { HttpError } from '../../../platform/errors.ts';
import { verifyCancelToken } from '../mail/links.ts';
import { REGISTRATION_LINK_MESSAGE, type RegistrationCancel } from '../contract/index.ts';
import { cancelRegistration, type CancelOutcome } from './seats.ts';

export const REGISTRATION_LINK_MESSAGES = {
  cancelled: 'Votre inscription est annulée. Votre place est libérée pour une autre personne.',
  alreadyCancelled: 'Cette inscription était déjà annulée.',
  registered: 'Votre inscription est confirmée : vous recevez la confirmation par e-mail.',
  waitlisted: "La session est complète : vous êtes sur la liste d'attente. Nous vous écrirons dès qu'une place se libère.",
  alreadyHeld: 'Votre inscription à cette session est déjà enregistrée.',
  closed: "Cette session n'accepte plus d'inscriptions. Inscrivez-vous à la prochaine depuis la page du webinaire.",
};

export function invalidLink(): HttpError {
  // The same answer for a wrong token and an unknown id: a link tells nothing about other people.
  return new HttpError(404, REGISTRATION_LINK_MESSAGE);
}

export async function cancelByLink(db: Knex, secret: string, input: RegistrationCancel, reminderOffsets: number[]): Promise<Exclude<CancelOutcome, 'not_found'>> {
  if (!verifyCancelToken(secret, input.registration, input.token)) throw invalidLink();
  const outcome = await db.transaction((trx) => cancelRegistration(trx, input.registration, reminderOffsets));
  if (outcome === 'not_found') throw invalidLink();
  return outcome;
}
