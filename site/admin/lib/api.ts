/** Every call the back office makes to the API, with its cache key. */
import { LIMITS } from '#schemas/options.ts';
import { adminBase, http } from './http.ts';
import type { QueryKey } from './query-cache.ts';
import type {
  ActivityJson,
  AttendanceJson,
  BulkStatusJson,
  RegistrationJson,
  BackupStatsJson,
  ActivityPageJson,
  LeadBulkJson,
  LeadImportJson,
  LeadJson,
  LeadPageJson,
  LeadStatsJson,
  RecentActivityJson,
  RegistrationPageJson,
  TagsJson,
  WebinarJson,
  WebinarPageJson,
  WebinarStatsJson,
} from '#presenters';

/** Page size of the admin lists: the API's default `limit`. */
export const PAGE_SIZE: number = LIMITS.pageSizeDefault;
/** A contact's activities, e-mails and registrations: the first page, then "Voir plus" (decision 089). */
export const CONTACT_PAGE_SIZE: number = LIMITS.contactPageSizeDefault;
/** The registrations screen's webinar selector loads as many webinars as the API serves in one page. */
export const SELECTOR_LIMIT: number = LIMITS.pageSizeMax;

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

const get =
  <T>(url: string) =>
  () =>
    http.get(url).json<T>();

export interface LeadListQuery {
  page: number;
  search?: string;
  status?: string;
  source?: string;
  tags?: string;
  createdAfter?: string;
  createdFrom?: string;
  createdTo?: string;
  newsletter?: string;
  limit?: number;
}

/**
 * Cache keys, most general segment first: what a change touches is a key prefix (see TOUCHES).
 * The admin base is the last segment, so the tabbed dev page keeps its own copies.
 */
export const keys = {
  leadList: (query: LeadListQuery) => ['leads', 'list', adminBase(), JSON.stringify(query)] as const,
  recentLeads: () => ['leads', 'recent', adminBase()] as const,
  leadStats: () => ['leads', 'stats', adminBase()] as const,
  lead: (id: string) => ['lead', id, 'detail', adminBase()] as const,
  tags: (leadId: string) => ['lead', leadId, 'tags'] as const,
  activities: (leadId: string, page: number) => ['lead', leadId, 'activities', String(page)] as const,
  webinarList: (page: number, limit: number) => ['webinars', 'list', adminBase(), String(page), String(limit)] as const,
  upcomingWebinars: () => ['webinars', 'upcoming', adminBase()] as const,
  webinarStats: () => ['webinars', 'stats', adminBase()] as const,
  backupStats: () => ['backups', 'stats', adminBase()] as const,
  webinar: (id: string) => ['webinar', id, 'detail', adminBase()] as const,
  registrations: (webinarId: number, page: number) => ['registrations', String(webinarId), adminBase(), String(page)] as const,
  recentActivities: () => ['activities', 'recent', adminBase()] as const,
};

export const queries = {
  leadStats: () => ({ key: keys.leadStats(), fetcher: get<LeadStatsJson>(`${adminBase()}/stats/leads`) }),
  webinarStats: () => ({ key: keys.webinarStats(), fetcher: get<WebinarStatsJson>(`${adminBase()}/stats/webinars`) }),
  backupStats: () => ({ key: keys.backupStats(), fetcher: get<BackupStatsJson>(`${adminBase()}/stats/backups`) }),
  recentLeads: () => ({ key: keys.recentLeads(), fetcher: get<LeadJson[]>(`${adminBase()}/leads/recent`) }),
  upcomingWebinars: () => ({ key: keys.upcomingWebinars(), fetcher: get<WebinarJson[]>(`${adminBase()}/webinars/upcoming`) }),
  recentActivities: () => ({ key: keys.recentActivities(), fetcher: get<RecentActivityJson[]>(`${adminBase()}/activities/recent?limit=10`) }),
  leads: (query: LeadListQuery) => ({
    key: keys.leadList(query),
    fetcher: get<LeadPageJson>(withQuery(`${adminBase()}/leads`, { limit: PAGE_SIZE, ...query })),
  }),
  lead: (id: string) => ({ key: keys.lead(id), fetcher: get<LeadJson>(`${adminBase()}/leads/${encodeURIComponent(id)}`) }),
  webinars: (page: number, limit = PAGE_SIZE) => ({
    key: keys.webinarList(page, limit),
    fetcher: get<WebinarPageJson>(withQuery(`${adminBase()}/webinars`, { page, limit })),
  }),
  webinar: (id: string) => ({ key: keys.webinar(id), fetcher: get<WebinarJson>(`${adminBase()}/webinars/${encodeURIComponent(id)}`) }),
  registrations: (webinarId: number, page: number) => ({
    key: keys.registrations(webinarId, page),
    fetcher: get<RegistrationPageJson>(withQuery(`${adminBase()}/webinars/${webinarId}/registrations`, { page, limit: PAGE_SIZE })),
  }),
  tags: (leadId: string) => ({ key: keys.tags(leadId), fetcher: get<TagsJson>(`/api/crm/leads/${encodeURIComponent(leadId)}/tags`) }),
  activities: (leadId: string, page: number) => ({
    key: keys.activities(leadId, page),
    fetcher: get<ActivityPageJson>(withQuery(`/api/crm/leads/${encodeURIComponent(leadId)}/activities`, { page, limit: CONTACT_PAGE_SIZE })),
  }),
};

/** The download links of the CSV exports (plain links: the browser streams the file to disk). */
export const exportUrls = {
  registrations: (webinarId: number) => `${adminBase()}/webinars/${webinarId}/registrations.csv`,
  leads: (query: Omit<LeadListQuery, 'page' | 'limit'>) => withQuery(`${adminBase()}/leads.csv`, { ...query }),
};

export const mutations = {
  createLead: (body: Record<string, unknown>) => http.post(`${adminBase()}/leads`, { json: body }).json<LeadJson>(),
  updateLead: (id: string, body: Record<string, unknown>) =>
    http.patch(`${adminBase()}/leads/${encodeURIComponent(id)}`, { json: body }).json<LeadJson>(),
  deleteLead: async (id: number) => {
    await http.delete(`${adminBase()}/leads/${id}`);
  },
  createWebinar: (body: Record<string, unknown>) => http.post(`${adminBase()}/webinars`, { json: body }).json<WebinarJson>(),
  updateWebinar: (id: number, body: Record<string, unknown>) => http.patch(`${adminBase()}/webinars/${id}`, { json: body }).json<WebinarJson>(),
  setRegistrationStatus: (id: number, status: string) => http.patch(`${adminBase()}/registrations/${id}`, { json: { status } }).json<RegistrationJson>(),
  setRegistrationsStatus: (webinarId: number, ids: number[], status: string) =>
    http.post(`${adminBase()}/webinars/${webinarId}/registrations/status`, { json: { ids, status } }).json<BulkStatusJson>(),
  importAttendance: (webinarId: number, file: Blob, othersNoShow: boolean) =>
    http
      .post(withQuery(`${adminBase()}/webinars/${webinarId}/attendance`, { othersNoShow: String(othersNoShow) }), {
        body: file,
        headers: { 'content-type': 'text/csv' },
      })
      .json<AttendanceJson>(),
  deleteWebinar: async (id: number) => {
    await http.delete(`${adminBase()}/webinars/${id}`);
  },
  addTag: (leadId: string, tag: string) =>
    http.post(`/api/crm/leads/${encodeURIComponent(leadId)}/tags`, { json: { tag } }).json<TagsJson>(),
  removeTag: (leadId: string, tag: string) =>
    http.delete(`/api/crm/leads/${encodeURIComponent(leadId)}/tags/${encodeURIComponent(tag)}`).json<TagsJson>(),
  createActivity: (leadId: string, body: Record<string, unknown>) =>
    http.post(`/api/crm/leads/${encodeURIComponent(leadId)}/activities`, { json: body }).json<ActivityJson>(),
};

/** The cache key prefixes each kind of change makes out of date. */
export const TOUCHES: {
  leads: QueryKey[];
  webinars: QueryKey[];
  registrations: QueryKey[];
  emails: QueryKey[];
  tags: (leadId: string) => QueryKey[];
  activities: (leadId: string) => QueryKey[];
} = {
  // A contact's creation, edition or deletion changes the lists, counts, its own screens, the
  // recent activities and the registrations (a deleted contact takes its registrations along).
  // A contact's e-mails go with it.
  leads: [['leads'], ['lead'], ['activities'], ['registrations'], ['webinars', 'stats'], ['emails']],
  // Deleting a webinar queues cancellations.
  webinars: [['webinars'], ['webinar'], ['registrations'], ['emails']],
  // A status change moves the counts; an edit of the webinar may queue update e-mails.
  registrations: [['registrations']],
  // "Renvoyer" queues a copy.
  emails: [['emails'], ['email']],
  tags: (leadId) => [['lead', leadId], ['leads', 'list'], ['leads', 'recent']],
  activities: (leadId) => [['lead', leadId], ['activities'], ['leads', 'list'], ['tasks'], ['analytics']],
};

/** The bulk endpoints of issue 15 (import chunks, actions on selected contacts). */
export const bulkMutations = {
  importCsv: (body: string, query: { dryRun: boolean; columns?: string; firstRow?: number }) =>
    http
      .post(withQuery(`${adminBase()}/leads/import`, { dryRun: String(query.dryRun), columns: query.columns, firstRow: query.firstRow }), {
        body,
        headers: { 'content-type': 'text/csv; charset=utf-8' },
        timeout: 120_000,
      })
      .json<LeadImportJson>(),
  bulk: (body: { ids: number[]; action: string; value?: string }) => http.post(`${adminBase()}/leads/bulk`, { json: body }).json<LeadBulkJson>(),
  exportSelection: (ids: number[]) => http.post(`${adminBase()}/leads/bulk`, { json: { ids, action: 'export' } }).blob(),
};
