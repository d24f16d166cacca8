/**
 * The invitation's one-step sign-up (the page /inscription-webinaire/, decision 051): a signed link
 * takes a seat in the session it names, in one transaction with the e-mail job a sign-up causes.
 */
import type { Knex } from 'knex';
import type { RegistrationJoin } from '../contract/index.ts';
import { verifyJoinToken } from '../mail/links.ts';
import { invalidLink, REGISTRATION_LINK_MESSAGES } from './registration-links.ts';
import { takeSeatInWebinar } from './seats.ts';
import { enqueueSignUpEmails } from './sign-up-emails.ts';

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
      await enqueueSignUpEmails(trx, { leadId: input.lead, submission: 'webinar', webinarId: seat.webinarId, registrationId: seat.id, outcome: status });
    }
    const message = !seat.created ? REGISTRATION_LINK_MESSAGES.alreadyHeld : REGISTRATION_LINK_MESSAGES[status];
    return { registration: { webinarId: seat.webinarId, status }, message };
  });
}
