/**
 * The contact detail's registrations call, one page at a time (decision 089). The key starts with
 * "registrations": any webinar or contact change refreshes every page on screen (TOUCHES in ./api.ts).
 */
import type { LeadRegistrationPageJson } from '#presenters';
import { adminBase, http } from './http.ts';
import { CONTACT_PAGE_SIZE } from './api.ts';

export const leadRegistrationQueries = {
  registrations: (leadId: number, page: number) => ({
    key: ['registrations', 'lead', String(leadId), adminBase(), String(page)] as const,
    fetcher: () =>
      http.get(`${adminBase()}/leads/${leadId}/registrations?page=${page}&limit=${CONTACT_PAGE_SIZE}`).json<LeadRegistrationPageJson>(),
  }),
};
