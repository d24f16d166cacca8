/** Activities logged against a contact (spec sections 3, 4, 5). */
import { z } from './zod.ts';
import { ACTIVITY_STATUSES, ACTIVITY_STATUS_LABELS, ACTIVITY_TYPES, ACTIVITY_TYPE_LABELS } from './options.ts';
import { blankToUndefined, integer, oneOf, optionalDateOrDateTime, optionalText, requiredText } from './fields.ts';

export const ACTIVITY_TITLE_MIN_MESSAGE = 'Le titre doit comporter au moins 3 caractères';

/** `POST /api/crm/leads/{id}/activities`. */
export const activityCreateSchema = z.object({
  type: z.preprocess(blankToUndefined, oneOf(ACTIVITY_TYPES, ACTIVITY_TYPE_LABELS, "Le type d'activité").default('note')),
  title: requiredText('Le titre', { min: 3, max: 200, minMessage: ACTIVITY_TITLE_MIN_MESSAGE, requiredMessage: ACTIVITY_TITLE_MIN_MESSAGE }),
  description: optionalText('La description', 5000),
  status: z.preprocess(blankToUndefined, oneOf(ACTIVITY_STATUSES, ACTIVITY_STATUS_LABELS, 'Le statut').default('planned')),
  outcome: optionalText('Le résultat', 2000),
  dueDate: optionalDateOrDateTime("La date d'échéance"),
  scheduledAt: optionalDateOrDateTime('La date prévue'),
  completedAt: optionalDateOrDateTime('La date de réalisation'),
});
export type ActivityCreateInput = z.input<typeof activityCreateSchema>;
export type ActivityCreate = z.output<typeof activityCreateSchema>;

/** `GET {adminBase}/activities/recent?limit` (default 10, at most 50). */
export const recentActivitiesQuerySchema = z.object({
  limit: z.preprocess(blankToUndefined, integer('La limite', 1, 50).default(10)),
});
