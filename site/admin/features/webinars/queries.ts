/**
 * The webinars' calls, with their cache keys; each change declares what it makes out of date. Their
 * registrations: a webinar's, a contact's (one page at a time, decision 089), the status changes and the
 * attendance import; every registration key starts with "registrations", so any webinar or contact
 * change refreshes every page on screen.
 */
import type { AttendanceJson, BulkStatusJson, LeadRegistrationPageJson, RegistrationJson, RegistrationPageJson, WebinarJson, WebinarPageJson } from '#contract/webinars';
import type { WebinarStatsJson } from '#contract/analytics';
import { CONTACT_PAGE_SIZE, getJson, PAGE_SIZE, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';
import { emailKeys } from '../emails/queries.ts';

/** The webinars' cache keys: the lists and counts, one webinar's page, and the registrations. */
export const webinarKeys = {
  all: ['webinars'] as const,
  stats: ['webinars', 'stats'] as const,
  anyWebinar: ['webinar'] as const,
  registrations: ['registrations'] as const,
};

/**
 * A webinar created, edited or deleted changes the lists and its page, its registrations, and the
 * e-mails (an edit of the date or link queues update e-mails, a deletion queues cancellations).
 */
const webinarTouches = (): readonly QueryKey[] => [webinarKeys.all, webinarKeys.anyWebinar, webinarKeys.registrations, emailKeys.all];

export const webinarQueries = {
  webinars: (page: number, limit = PAGE_SIZE) => ({
    key: [...webinarKeys.all, 'list', adminBase(), String(page), String(limit)] as const,
    fetcher: getJson<WebinarPageJson>(withQuery(`${adminBase()}/webinars`, { page, limit })),
  }),
  upcoming: () => ({ key: [...webinarKeys.all, 'upcoming', adminBase()] as const, fetcher: getJson<WebinarJson[]>(`${adminBase()}/webinars/upcoming`) }),
  stats: () => ({ key: [...webinarKeys.stats, adminBase()] as const, fetcher: getJson<WebinarStatsJson>(`${adminBase()}/stats/webinars`) }),
  webinar: (id: string) => ({
    key: [...webinarKeys.anyWebinar, id, 'detail', adminBase()] as const,
    fetcher: getJson<WebinarJson>(`${adminBase()}/webinars/${encodeURIComponent(id)}`),
  }),
  /** How many people a deletion would e-mail (the confirmation names them). */
  cancellationRecipients: (webinarId: number) => ({
    key: [...webinarKeys.anyWebinar, String(webinarId), 'cancellation-recipients', adminBase()] as const,
    fetcher: getJson<{ count: number }>(`${adminBase()}/webinars/${webinarId}/cancellation-recipients`),
  }),
};

export const webinarMutations = {
  create: mutation((body: Record<string, unknown>) => http.post(`${adminBase()}/webinars`, { json: body }).json<WebinarJson>(), webinarTouches),
  update: mutation((id: number, body: Record<string, unknown>) => http.patch(`${adminBase()}/webinars/${id}`, { json: body }).json<WebinarJson>(), webinarTouches),
  remove: mutation(async (id: number) => {
    await http.delete(`${adminBase()}/webinars/${id}`);
  }, webinarTouches),
};

/** A status change or an attendance import moves the registrations and their counts. */
const registrationTouches = (): readonly QueryKey[] => [webinarKeys.registrations];

export const registrationQueries = {
  registrations: (webinarId: number, page: number) => ({
    key: [...webinarKeys.registrations, String(webinarId), adminBase(), String(page)] as const,
    fetcher: getJson<RegistrationPageJson>(withQuery(`${adminBase()}/webinars/${webinarId}/registrations`, { page, limit: PAGE_SIZE })),
  }),
  lead: (leadId: number, page: number) => ({
    key: [...webinarKeys.registrations, 'lead', String(leadId), adminBase(), String(page)] as const,
    fetcher: getJson<LeadRegistrationPageJson>(withQuery(`${adminBase()}/leads/${leadId}/registrations`, { page, limit: CONTACT_PAGE_SIZE })),
  }),
};

/** The CSV export of a webinar's registrations (a plain link: the browser streams the file to disk). */
export const registrationsExportUrl = (webinarId: number) => `${adminBase()}/webinars/${webinarId}/registrations.csv`;

export const registrationMutations = {
  setStatus: mutation((id: number, status: string) => http.patch(`${adminBase()}/registrations/${id}`, { json: { status } }).json<RegistrationJson>(), registrationTouches),
  setStatuses: mutation(
    (webinarId: number, ids: number[], status: string) => http.post(`${adminBase()}/webinars/${webinarId}/registrations/status`, { json: { ids, status } }).json<BulkStatusJson>(),
    registrationTouches,
  ),
  importAttendance: mutation(
    (webinarId: number, file: Blob, othersNoShow: boolean) =>
      http
        .post(withQuery(`${adminBase()}/webinars/${webinarId}/attendance`, { othersNoShow: String(othersNoShow) }), {
          body: file,
          headers: { 'content-type': 'text/csv' },
        })
        .json<AttendanceJson>(),
    registrationTouches,
  ),
};
