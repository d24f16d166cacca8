/** The contact detail's webinar registrations: every session the contact signed up for. */
import type { Knex } from 'knex';
import { WebinarRegistration } from '../../../models/index.ts';
import type { ContactListQuery } from '../../../contract/params.ts';
import { findLeadOr404 } from '../../contacts/index.ts';

/**
 * One page of them, newest session first; the registration id breaks ties (two registrations to one
 * session), so paging never repeats or skips one (docs/decisions/089-contact-lists-are-paginated.md).
 */
export async function listLeadRegistrations(db: Knex, leadId: number, page: ContactListQuery): Promise<{ registrations: WebinarRegistration[]; total: number }> {
  const lead = await findLeadOr404(db, leadId);
  // joinRelated orders by the session's date; the session itself is fetched apart, so limit and
  // offset count registrations, not joined rows.
  const registrations = await WebinarRegistration.query(db)
    .select('webinarRegistrations.*')
    .joinRelated('webinar')
    .where('webinarRegistrations.leadId', lead.id)
    .withGraphFetched('webinar(summary)')
    .modifiers({ summary: (webinar) => webinar.select('id', 'title', 'datetime') })
    .orderBy([
      { column: 'webinar.datetime', order: 'desc' },
      { column: 'webinarRegistrations.id', order: 'desc' },
    ])
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  const count = await db('webinarRegistrations').where({ leadId: lead.id }).count({ total: '*' }).first();
  return { registrations, total: Number(count?.total ?? 0) };
}
