/**
 * Every call of spec section 7 the back office makes, with its cache key. Keys are the request
 * URLs, so `invalidate('/leads')` reaches every list, count and detail derived from contacts.
 */
import { adminBase, http } from './http.ts';
import type { Activity, Lead, LeadStats, Pagination, RecentActivity, Registration, RegistrationStats, Webinar, WebinarStats } from './types.ts';

export const PAGE_SIZE = 10;
/** The registrations screen's webinar selector loads up to 100 webinars (spec 9). */
export const SELECTOR_LIMIT = 100;

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
  limit?: number;
}

export const queries = {
  leadStats: () => ({ key: `${adminBase()}/stats/leads`, fetcher: get<LeadStats>(`${adminBase()}/stats/leads`) }),
  webinarStats: () => ({ key: `${adminBase()}/stats/webinars`, fetcher: get<WebinarStats>(`${adminBase()}/stats/webinars`) }),
  recentLeads: () => ({ key: `${adminBase()}/leads/recent`, fetcher: get<Lead[]>(`${adminBase()}/leads/recent`) }),
  upcomingWebinars: () => ({ key: `${adminBase()}/webinars/upcoming`, fetcher: get<Webinar[]>(`${adminBase()}/webinars/upcoming`) }),
  recentActivities: () => ({
    key: `${adminBase()}/activities/recent?limit=10`,
    fetcher: get<RecentActivity[]>(`${adminBase()}/activities/recent?limit=10`),
  }),
  leads: (query: LeadListQuery) => {
    const url = withQuery(`${adminBase()}/leads`, { limit: PAGE_SIZE, ...query });
    return { key: url, fetcher: get<{ leads: Lead[]; pagination: Pagination }>(url) };
  },
  lead: (id: string) => ({ key: `${adminBase()}/leads/${id}`, fetcher: get<Lead>(`${adminBase()}/leads/${encodeURIComponent(id)}`) }),
  webinars: (page: number, limit = PAGE_SIZE) => {
    const url = withQuery(`${adminBase()}/webinars`, { page, limit });
    return { key: url, fetcher: get<{ webinars: Webinar[]; pagination: Pagination }>(url) };
  },
  webinar: (id: string) => ({ key: `${adminBase()}/webinars/${id}`, fetcher: get<Webinar>(`${adminBase()}/webinars/${encodeURIComponent(id)}`) }),
  registrations: (webinarId: number, page: number) => {
    const url = withQuery(`${adminBase()}/webinars/${webinarId}/registrations`, { page, limit: PAGE_SIZE });
    return {
      key: url,
      fetcher: get<{ registrations: Registration[]; pagination: Pagination; stats: RegistrationStats }>(url),
    };
  },
  tags: (leadId: string) => ({
    key: `/api/crm/leads/${leadId}/tags`,
    fetcher: get<{ tags: string[] }>(`/api/crm/leads/${encodeURIComponent(leadId)}/tags`),
  }),
  activities: (leadId: string) => ({
    key: `/api/crm/leads/${leadId}/activities`,
    fetcher: get<{ activities: Activity[] }>(`/api/crm/leads/${encodeURIComponent(leadId)}/activities`),
  }),
};

export const mutations = {
  createLead: (body: Record<string, unknown>) => http.post(`${adminBase()}/leads`, { json: body }).json<Lead>(),
  updateLead: (id: string, body: Record<string, unknown>) =>
    http.patch(`${adminBase()}/leads/${encodeURIComponent(id)}`, { json: body }).json<Lead>(),
  deleteLead: async (id: number) => {
    await http.delete(`${adminBase()}/leads/${id}`);
  },
  createWebinar: (body: Record<string, unknown>) => http.post(`${adminBase()}/webinars`, { json: body }).json<Webinar>(),
  deleteWebinar: async (id: number) => {
    await http.delete(`${adminBase()}/webinars/${id}`);
  },
  addTag: (leadId: string, tag: string) =>
    http.post(`/api/crm/leads/${encodeURIComponent(leadId)}/tags`, { json: { tag } }).json<{ tags: string[] }>(),
  removeTag: (leadId: string, tag: string) =>
    http.delete(`/api/crm/leads/${encodeURIComponent(leadId)}/tags/${encodeURIComponent(tag)}`).json<{ tags: string[] }>(),
  createActivity: (leadId: string, body: Record<string, unknown>) =>
    http.post(`/api/crm/leads/${encodeURIComponent(leadId)}/activities`, { json: body }).json<Activity>(),
};

/** Cache fragments each kind of change makes out of date. */
export const TOUCHES = {
  leads: ['/leads', '/stats/leads', '/activities', '/registrations', '/stats/webinars'],
  webinars: ['/webinars', '/stats/webinars'],
  tags: (leadId: string) => [`/leads/${leadId}`, '/leads?', '/leads/recent'],
  activities: (leadId: string) => [`/api/crm/leads/${leadId}/activities`, '/activities/recent', `/leads/${leadId}`, '/leads?'],
};
