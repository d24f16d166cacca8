/**
 * PLACEHOLDER until the booking-mail branch lands: its manage.ts (the e-mails telling the person) replaces
 * this file whole. Same signatures; until then the team cannot cancel or move a call.
 */
import type { Knex } from 'knex';
import { HttpError } from '../../platform/errors.ts';

const notYet = () => new HttpError(503, 'Annuler ou déplacer un appel n’est pas encore disponible.');

export async function cancelBooking(_db: Knex, _input: { bookingId: number; by: 'person' | 'team' }): Promise<void> {
  throw notYet();
}

export async function rescheduleBooking(_db: Knex, _input: { bookingId: number; start: string | Date; now?: Date; by: 'person' | 'team' }): Promise<{ booking: unknown }> {
  throw notYet();
}
