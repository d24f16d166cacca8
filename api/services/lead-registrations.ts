/** The contact detail's webinar registrations (issue 13): every session the contact signed up for. */
import type { Knex } from 'knex';
import { WebinarRegistration } from '../models/index.ts';
import { findLeadOr404 } from './lead-records.ts';

/** Newest session first. */
export async function listLeadRegistrations(db: Knex, leadId: number): Promise<WebinarRegistration[]> {
  const lead = await findLeadOr404(db, leadId);
  return WebinarRegistration.query(db)
    .where('webinarRegistrations.leadId', lead.id)
    .withGraphJoined('webinar(summary)')
    .modifiers({ summary: (webinar) => webinar.select('id', 'title', 'datetime') })
    .orderBy([
      { column: 'webinar.datetime', order: 'desc' },
      { column: 'webinarRegistrations.id', order: 'desc' },
    ]);
}
