/** The activities' calls (tasks, the feed, a contact's activities), with their cache keys. */
import type { ActivityJson, ActivityPageJson, AssigneesJson, RecentActivityJson, TaskCountsJson, TaskPageJson, TaskDueGroup } from '#contract/contacts';
import type { PageJson } from '#contract';
import { CONTACT_PAGE_SIZE, getJson, PAGE_SIZE, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';
import { analyticsKeys } from '../analytics/queries.ts';
import { contactKeys } from '../contacts/queries.ts';

export interface TaskListQuery {
  due: TaskDueGroup;
  page: number;
  type?: string;
  assignedTo?: string;
}

export interface ActivityFeedJson {
  activities: RecentActivityJson[];
  pagination: PageJson;
}

/** The activities' cache keys, for every feature that refreshes them (a contact's own activities live under its `contactKeys.lead`). */
export const activityKeys = {
  tasks: ['tasks'] as const,
  activities: ['activities'] as const,
};

/** An activity created or edited shows on its contact, the activity lists, the contacts list, the tasks and the analytics. */
const activityTouches = (leadId: string | number): QueryKey[] => [activityKeys.tasks, contactKeys.lead(leadId), activityKeys.activities, contactKeys.list, analyticsKeys.all];

const leadActivitiesUrl = (leadId: string) => `/api/crm/leads/${encodeURIComponent(leadId)}/activities`;

export const activityQueries = {
  tasks: (query: TaskListQuery) => ({
    key: [...activityKeys.tasks, 'list', adminBase(), JSON.stringify(query)] as const,
    fetcher: getJson<TaskPageJson>(withQuery(`${adminBase()}/tasks`, { limit: PAGE_SIZE, ...query })),
  }),
  counts: () => ({ key: [...activityKeys.tasks, 'counts', adminBase()] as const, fetcher: getJson<TaskCountsJson>(`${adminBase()}/tasks/counts`) }),
  assignees: () => ({ key: [...activityKeys.tasks, 'assignees', adminBase()] as const, fetcher: getJson<AssigneesJson>(`${adminBase()}/tasks/assignees`) }),
  feed: (page: number) => ({
    key: [...activityKeys.activities, 'feed', adminBase(), String(page)] as const,
    fetcher: getJson<ActivityFeedJson>(withQuery(`${adminBase()}/activities`, { page, limit: PAGE_SIZE })),
  }),
  recent: () => ({
    key: [...activityKeys.activities, 'recent', adminBase()] as const,
    fetcher: getJson<RecentActivityJson[]>(`${adminBase()}/activities/recent?limit=10`),
  }),
  /** A contact's activities, one page at a time (decision 089). */
  lead: (leadId: string, page: number) => ({
    key: [...contactKeys.lead(leadId), 'activities', String(page)] as const,
    fetcher: getJson<ActivityPageJson>(withQuery(leadActivitiesUrl(leadId), { page, limit: CONTACT_PAGE_SIZE })),
  }),
};

export const activityMutations = {
  create: mutation(
    (leadId: string, body: Record<string, unknown>) => http.post(leadActivitiesUrl(leadId), { json: body }).json<ActivityJson>(),
    (leadId) => activityTouches(leadId),
  ),
  /** Marks done, changes the status, reschedules or assigns one activity. */
  update: mutation(
    (id: number, _leadId: number, body: Record<string, unknown>) => http.patch(`/api/crm/activities/${id}`, { json: body }).json<ActivityJson>(),
    (_id, leadId) => activityTouches(leadId),
  ),
};
