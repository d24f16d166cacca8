/** The task list: open activities grouped by due day in Zurich. */
import { z } from '../../../contract/zod.ts';
import { paginationQuerySchema, MAX_SERIAL_ID } from '../../../contract/params.ts';
import { ACTIVITY_TYPES, ACTIVITY_TYPE_LABELS } from '../../../contract/options.ts';
import { blankToUndefined, integer, optionalOneOf } from '../../../contract/fields.ts';
import { ASSIGNEE_MESSAGE } from './activities-schemas.ts';

/** The groups of the task list, in the order the screen shows them. */
export const TASK_DUE_GROUPS = ['overdue', 'today', 'upcoming', 'none'] as const;
export type TaskDueGroup = (typeof TASK_DUE_GROUPS)[number];
export const TASK_DUE_LABELS: Record<TaskDueGroup, string> = {
  overdue: 'En retard',
  today: "Aujourd'hui",
  upcoming: 'À venir',
  none: 'Sans échéance',
};

/** `GET /api/admin/tasks?due&type&assignedTo&page&limit`; `assignedTo=none` keeps the unassigned tasks. */
export const taskListQuerySchema = paginationQuerySchema.extend({
  due: optionalOneOf(TASK_DUE_GROUPS, TASK_DUE_LABELS, "L'échéance"),
  type: optionalOneOf(ACTIVITY_TYPES, ACTIVITY_TYPE_LABELS, "Le type d'activité"),
  assignedTo: z.preprocess(blankToUndefined, z.union([z.literal('none'), integer('La personne assignée', 1, MAX_SERIAL_ID, ASSIGNEE_MESSAGE)], { error: ASSIGNEE_MESSAGE }).optional()),
});
export type TaskListQuery = z.output<typeof taskListQuerySchema>;

/** `GET /api/admin/activities?page&limit`: the feed of every activity, newest first. */
export const activityFeedQuerySchema = paginationQuerySchema;
