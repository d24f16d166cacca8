import type { Activity, Lead } from '../../../models/index.ts';
import { iso, presentPage, text } from '../../../contract/presenting.ts';

/** The fields an activity shows, whether read as a model or as a row of the task list. */
type ActivityFields = Pick<
  Activity,
  'id' | 'leadId' | 'type' | 'title' | 'description' | 'status' | 'outcome' | 'dueDate' | 'scheduledAt' | 'completedAt' | 'createdBy' | 'assignedTo' | 'createdAt' | 'updatedAt' | 'touch'
>;

/**
 * Where the visitor came from when they sent the submission this note records (decision 115): what the
 * team reads to see a known contact return from a campaign. The referrer's domain and the date stay
 * with the stored touch; the channel says the kind of origin, the rest names it.
 */
function presentActivityTouch(touch: ActivityFields['touch'] | undefined) {
  if (!touch?.channel) return null;
  return { channel: touch.channel, source: text(touch.source), medium: text(touch.medium), campaign: text(touch.campaign), landingPage: text(touch.landingPage) };
}

export function presentActivity(activity: ActivityFields) {
  return {
    id: activity.id,
    leadId: activity.leadId,
    type: activity.type,
    title: activity.title,
    description: text(activity.description),
    status: activity.status,
    outcome: text(activity.outcome),
    dueDate: iso(activity.dueDate),
    scheduledAt: iso(activity.scheduledAt),
    completedAt: iso(activity.completedAt),
    createdBy: activity.createdBy ?? null,
    assignedTo: activity.assignedTo ?? null,
    createdAt: iso(activity.createdAt)!,
    updatedAt: iso(activity.updatedAt)!,
    touch: presentActivityTouch(activity.touch),
  };
}
export type ActivityJson = ReturnType<typeof presentActivity>;

/** The dashboard's recent activity: the activity plus who it concerns. */
export function presentRecentActivity(activity: Activity & { lead?: Pick<Lead, 'id' | 'firstName' | 'lastName'> }) {
  return {
    ...presentActivity(activity),
    lead: activity.lead ? { id: activity.lead.id, firstName: activity.lead.firstName, lastName: text(activity.lead.lastName) } : null,
  };
}
export type RecentActivityJson = ReturnType<typeof presentRecentActivity>;

/** One page of a contact's activities, as the activity list route answers them. */
export function presentActivityPage(activities: Activity[], query: { page: number; limit: number }, total: number) {
  return { activities: activities.map(presentActivity), pagination: presentPage(query, total) };
}
export type ActivityPageJson = ReturnType<typeof presentActivityPage>;
