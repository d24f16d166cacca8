/**
 * The registrations' calls, with their cache keys: a webinar's registrations, a contact's (one page
 * at a time, decision 089), the status changes and the attendance import. Every key starts with
 * "registrations", so any webinar or contact change refreshes every page on screen.
 */
import type { AttendanceJson, BulkStatusJson, LeadRegistrationPageJson, RegistrationJson, RegistrationPageJson } from '#contract/webinars';
import { CONTACT_PAGE_SIZE, getJson, PAGE_SIZE, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';

/** A status change or an attendance import moves the registrations and their counts. */
const REGISTRATION_TOUCHES: readonly QueryKey[] = [['registrations']];

export const registrationQueries = {
  registrations: (webinarId: number, page: number) => ({
    key: ['registrations', String(webinarId), adminBase(), String(page)] as const,
    fetcher: getJson<RegistrationPageJson>(withQuery(`${adminBase()}/webinars/${webinarId}/registrations`, { page, limit: PAGE_SIZE })),
  }),
  lead: (leadId: number, page: number) => ({
    key: ['registrations', 'lead', String(leadId), adminBase(), String(page)] as const,
    fetcher: getJson<LeadRegistrationPageJson>(withQuery(`${adminBase()}/leads/${leadId}/registrations`, { page, limit: CONTACT_PAGE_SIZE })),
  }),
};

/** The CSV export of a webinar's registrations (a plain link: the browser streams the file to disk). */
export const registrationsExportUrl = (webinarId: number) => `${adminBase()}/webinars/${webinarId}/registrations.csv`;

export const registrationMutations = {
  setStatus: mutation(
    (id: number, status: string) => http.patch(`${adminBase()}/registrations/${id}`, { json: { status } }).json<RegistrationJson>(),
    REGISTRATION_TOUCHES,
  ),
  setStatuses: mutation(
    (webinarId: number, ids: number[], status: string) =>
      http.post(`${adminBase()}/webinars/${webinarId}/registrations/status`, { json: { ids, status } }).json<BulkStatusJson>(),
    REGISTRATION_TOUCHES,
  ),
  importAttendance: mutation(
    (webinarId: number, file: Blob, othersNoShow: boolean) =>
      http
        .post(withQuery(`${adminBase()}/webinars/${webinarId}/attendance`, { othersNoShow: String(othersNoShow) }), {
          body: file,
          headers: { 'content-type': 'text/csv' },
        })
        .json<AttendanceJson>(),
    REGISTRATION_TOUCHES,
  ),
};
