import { presentPage, text } from '../../../contract/presenting.ts';
import { presentActivity } from './activities-presenters.ts';
import type { ActivityStatus, ActivityType } from '../../../contract/options.ts';
import type { ActivityTouch } from '../../../models/index.ts';
import type { TaskDueGroup } from './tasks-schemas.ts';

export interface TaskRow {
  id: number;
  leadId: number;
  type: ActivityType;
  title: string;
  description: string | null;
  status: ActivityStatus;
  outcome: string | null;
  dueDate: Date | null;
  scheduledAt: Date | null;
  completedAt: Date | null;
  createdBy: number | null;
  assignedTo: number | null;
  createdAt: Date;
  updatedAt: Date;
  touch: ActivityTouch | null;
  leadFirstName: string;
  leadLastName: string | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  assigneeUsername: string | null;
  due: TaskDueGroup;
}

function personName(firstName: string | null, lastName: string | null, fallback: string): string {
  return [firstName, lastName].filter(Boolean).join(' ') || fallback;
}

/** One open task: the activity, its group, its contact and who it is assigned to. */
export function presentTask(row: TaskRow) {
  return {
    ...presentActivity(row),
    due: row.due,
    lead: { id: row.leadId, firstName: row.leadFirstName, lastName: text(row.leadLastName) },
    assignee: row.assignedTo === null ? null : { id: row.assignedTo, name: personName(row.assigneeFirstName, row.assigneeLastName, row.assigneeUsername ?? '') },
  };
}
export type TaskJson = ReturnType<typeof presentTask>;

export function presentTaskPage(tasks: TaskRow[], query: { page: number; limit: number }, total: number) {
  return { tasks: tasks.map(presentTask), pagination: presentPage(query, total) };
}
export type TaskPageJson = ReturnType<typeof presentTaskPage>;

export function presentTaskCounts(counts: { overdue: number; today: number }) {
  return { overdue: counts.overdue, today: counts.today };
}
export type TaskCountsJson = ReturnType<typeof presentTaskCounts>;

/** The people a task can be assigned to. */
export function presentAssignees(users: { id: number; firstName: string | null; lastName: string | null; username: string }[]) {
  return { users: users.map((user) => ({ id: user.id, name: personName(user.firstName, user.lastName, user.username) })) };
}
export type AssigneesJson = ReturnType<typeof presentAssignees>;
