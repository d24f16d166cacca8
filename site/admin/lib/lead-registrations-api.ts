/** The contact detail's registrations call (issue 13). The key starts with "registrations": any webinar or contact change refreshes it (TOUCHES in ./api.ts). */
import type { LeadRegistrationsJson } from '#presenters';
import { adminBase, http } from './http.ts';

export const leadRegistrationQueries = {
  registrations: (leadId: number) => ({
    key: ['registrations', 'lead', String(leadId), adminBase()] as const,
    fetcher: () => http.get(`${adminBase()}/leads/${leadId}/registrations`).json<LeadRegistrationsJson>(),
  }),
};
