/** Activities logged against a contact. */
import { z } from '../../../contract/zod.ts';
import { ACTIVITY_STATUSES, ACTIVITY_STATUS_LABELS, ACTIVITY_TYPES, ACTIVITY_TYPE_LABELS } from '../../../contract/options.ts';
import { blankToNull, blankToUndefined, clearableText, integer, isoDateTime, oneOf, optionalDateOrDateTime, optionalOneOf, optionalText, requiredText } from '../../../contract/fields.ts';
import { MAX_SERIAL_ID, pathIdSchema } from '../../../contract/params.ts';

export const ACTIVITY_NOT_FOUND = 'Activité non trouvée';

export const ACTIVITY_TITLE_MIN_MESSAGE = 'Le titre doit comporter au moins 3 caractères';

export const ASSIGNEE_MESSAGE = 'La personne assignée doit être un utilisateur existant.';
/** A user id, from JSON (42) or a form/query string ("42"). */
function assigneeId() {
  return integer('La personne assignée', 1, MAX_SERIAL_ID, ASSIGNEE_MESSAGE);
}

/** A date or date-time in a partial update: blank or null clears it. */
function clearableDateOrDateTime(label: string) {
  const message = `${label} doit être une date valide (AAAA-MM-JJ ou date ISO 8601).`;
  return z.preprocess(
    blankToNull,
    z
      .union([z.iso.date({ error: message }), isoDateTime(message)], { error: message })
      .nullable()
      .optional(),
  );
}

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
  assignedTo: z.preprocess(blankToUndefined, assigneeId().optional()),
});
export type ActivityCreateInput = z.input<typeof activityCreateSchema>;
export type ActivityCreate = z.output<typeof activityCreateSchema>;

/** `GET {adminBase}/activities/recent?limit` (default 10, at most 50). */
export const recentActivitiesQuerySchema = z.object({
  limit: z.preprocess(blankToUndefined, integer('La limite', 1, 50).default(10)),
});

/**
 * `PATCH /api/crm/activities/{id}`: the same fields and rules as creation, each optional; blank or
 * null clears a date, the description, the outcome or the assignee. At least one field.
 */
export const activityUpdateSchema = z
  .object({
    type: optionalOneOf(ACTIVITY_TYPES, ACTIVITY_TYPE_LABELS, "Le type d'activité"),
    title: requiredText('Le titre', { min: 3, max: 200, minMessage: ACTIVITY_TITLE_MIN_MESSAGE, requiredMessage: ACTIVITY_TITLE_MIN_MESSAGE }).optional(),
    description: clearableText('La description', 5000),
    status: optionalOneOf(ACTIVITY_STATUSES, ACTIVITY_STATUS_LABELS, 'Le statut'),
    outcome: clearableText('Le résultat', 2000),
    dueDate: clearableDateOrDateTime("La date d'échéance"),
    scheduledAt: clearableDateOrDateTime('La date prévue'),
    completedAt: clearableDateOrDateTime('La date de réalisation'),
    assignedTo: z.preprocess(blankToNull, assigneeId().nullable().optional()),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Indiquez au moins un champ à modifier.' });
export type ActivityUpdateInput = z.input<typeof activityUpdateSchema>;
export type ActivityUpdate = z.output<typeof activityUpdateSchema>;

/** `:id` of `/api/crm/activities/:id`. */
export const activityParamsSchema = z.object({ id: pathIdSchema(ACTIVITY_NOT_FOUND) });
