/** The task list's, the activity feed's and the analytics' calls (issue 15), with their cache keys. */
import type { ActivityJson, AnalyticsJson, AssigneesJson, RecentActivityJson, TaskCountsJson, TaskPageJson, PageJson } from '#presenters';
import type { TaskDueGroup } from '#schemas/tasks.ts';
import { adminBase, http } from './http.ts';
import { PAGE_SIZE } from './api.ts';
import { invalidate } from './query.ts';

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

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Cache keys, most general segment first (see TOUCHES in ./api.ts). */
export const taskKeys = {
  list: (query: TaskListQuery) => ['tasks', 'list', adminBase(), JSON.stringify(query)] as const,
  counts: () => ['tasks', 'counts', adminBase()] as const,
  assignees: () => ['tasks', 'assignees', adminBase()] as const,
  feed: (page: number) => ['activities', 'feed', adminBase(), String(page)] as const,
};

export const taskQueries = {
  tasks: (query: TaskListQuery) => {
    const url = withQuery(`${adminBase()}/tasks`, { limit: PAGE_SIZE, ...query });
    return { key: taskKeys.list(query), fetcher: () => http.get(url).json<TaskPageJson>() };
  },
  counts: () => ({ key: taskKeys.counts(), fetcher: () => http.get(`${adminBase()}/tasks/counts`).json<TaskCountsJson>() }),
  assignees: () => ({ key: taskKeys.assignees(), fetcher: () => http.get(`${adminBase()}/tasks/assignees`).json<AssigneesJson>() }),
  feed: (page: number) => {
    const url = withQuery(`${adminBase()}/activities`, { page, limit: PAGE_SIZE });
    return { key: taskKeys.feed(page), fetcher: () => http.get(url).json<ActivityFeedJson>() };
  },
};

/** Edits an activity, then refreshes every screen showing it: tasks, the contact, activity lists, counters. */
export async function updateActivity(id: number, leadId: number, body: Record<string, unknown>): Promise<ActivityJson> {
  const activity = await http.patch(`/api/crm/activities/${id}`, { json: body }).json<ActivityJson>();
  invalidate(['tasks'], ['lead', String(leadId)], ['activities'], ['leads', 'list'], ['analytics']);
  return activity;
}

export const analyticsQueries = {
  analytics: (period: string) => ({
    key: ['analytics', adminBase(), period] as const,
    fetcher: () => http.get(`${adminBase()}/analytics?period=${encodeURIComponent(period)}`).json<AnalyticsJson>(),
  }),
};
