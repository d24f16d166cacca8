/** Webinars: the create-webinar dialog and the registrations list query. */
import { z } from '../../../contract/zod.ts';
import { LIMITS, REGISTRATION_STATUSES, REGISTRATION_STATUS_LABELS } from '../../../contract/options.ts';
import { blankToNull, blankToUndefined, integer, isoDateTime, oneOf, optionalHttpUrl, optionalOneOf, optionalText, requiredText } from '../../../contract/fields.ts';
import { paginationQuerySchema } from '../../../contract/params.ts';

export const WEBINAR_DURATION_MESSAGE = `La durée doit être un nombre entier de minutes compris entre ${LIMITS.webinarDurationMin} et ${LIMITS.webinarDurationMax}.`;
export const WEBINAR_MAX_ATTENDEES_MESSAGE = `Le nombre maximum de participants doit être un nombre entier compris entre ${LIMITS.webinarMaxAttendeesMin} et ${LIMITS.webinarMaxAttendeesMax}.`;
export const WEBINAR_DATETIME_MESSAGE = 'La date et l’heure sont obligatoires (date ISO 8601 avec fuseau, ex. 2026-12-01T18:00:00.000Z).';

/** The location stored for a session held online (the column's default), which calendar files replace by the join link. */
export const WEBINAR_ONLINE = 'online';
/** How the back office shows and lets one type that location. */
export const WEBINAR_ONLINE_LABEL = 'En ligne';

/** The location as a person reads it: the stored `online` reads "En ligne". */
export function webinarLocationLabel(location: string): string {
  return location.trim().toLowerCase() === WEBINAR_ONLINE ? WEBINAR_ONLINE_LABEL : location;
}

/** "En ligne" as typed in the dialog is stored as `online`, so every reader of the column sees one value. */
const storedLocation = (location: string) => (location.toLowerCase() === WEBINAR_ONLINE_LABEL.toLowerCase() ? WEBINAR_ONLINE : location);

/**
 * `POST {adminBase}/webinars`. `datetime` is authoritative; the dialog also sends `date` and
 * `time` (its own inputs), which are accepted and otherwise ignored.
 */
export const webinarCreateSchema = z.object({
  title: requiredText('Le titre', { max: 200 }),
  description: requiredText('La description', { max: 5000 }),
  datetime: z.preprocess(blankToUndefined, isoDateTime(WEBINAR_DATETIME_MESSAGE)),
  date: optionalText('La date', 40),
  time: optionalText("L'heure", 40),
  duration: z.preprocess(blankToUndefined, integer('La durée', LIMITS.webinarDurationMin, LIMITS.webinarDurationMax, WEBINAR_DURATION_MESSAGE).default(LIMITS.webinarDurationDefault)),
  maxAttendees: z.preprocess(
    blankToUndefined,
    integer('Le nombre maximum de participants', LIMITS.webinarMaxAttendeesMin, LIMITS.webinarMaxAttendeesMax, WEBINAR_MAX_ATTENDEES_MESSAGE).default(LIMITS.webinarMaxAttendeesDefault),
  ),
  location: z.preprocess(blankToUndefined, requiredText('Le lieu', { max: 200 }).transform(storedLocation).default(WEBINAR_ONLINE)),
  registrationUrl: optionalHttpUrl("L'URL d'inscription"),
  imageUrl: optionalHttpUrl("L'URL de l'image"),
  joinUrl: optionalHttpUrl('Le lien de connexion'),
  isActive: z.boolean({ error: 'Le statut actif doit être vrai ou faux.' }).default(true),
});
export type WebinarCreateInput = z.input<typeof webinarCreateSchema>;
export type WebinarCreate = z.output<typeof webinarCreateSchema>;

/** An optional link in a partial update: blank or null clears it. */
function clearableHttpUrl(label: string) {
  return z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} doit être un texte.` })
      .trim()
      .max(2000, `${label} ne doit pas dépasser 2000 caractères.`)
      .pipe(z.url({ protocol: /^https?$/, error: `${label} doit être une adresse complète commençant par http:// ou https://.` }))
      .nullable()
      .optional(),
  );
}

const createShape = webinarCreateSchema.shape;

/**
 * `PATCH {adminBase}/webinars/{id}`: any subset of the creation fields, with the creation rules and
 * messages; no defaults (an absent field is left as it is); blank links are cleared.
 */
export const webinarUpdateSchema = z.object({
  title: createShape.title.optional(),
  description: createShape.description.optional(),
  datetime: z.preprocess(blankToUndefined, isoDateTime(WEBINAR_DATETIME_MESSAGE).optional()),
  date: createShape.date,
  time: createShape.time,
  duration: z.preprocess(blankToUndefined, integer('La durée', LIMITS.webinarDurationMin, LIMITS.webinarDurationMax, WEBINAR_DURATION_MESSAGE).optional()),
  maxAttendees: z.preprocess(blankToUndefined, integer('Le nombre maximum de participants', LIMITS.webinarMaxAttendeesMin, LIMITS.webinarMaxAttendeesMax, WEBINAR_MAX_ATTENDEES_MESSAGE).optional()),
  location: z.preprocess(blankToUndefined, requiredText('Le lieu', { max: 200 }).transform(storedLocation).optional()),
  registrationUrl: clearableHttpUrl("L'URL d'inscription"),
  imageUrl: clearableHttpUrl("L'URL de l'image"),
  joinUrl: clearableHttpUrl('Le lien de connexion'),
  isActive: z.boolean({ error: 'Le statut actif doit être vrai ou faux.' }).optional(),
});
export type WebinarUpdateInput = z.input<typeof webinarUpdateSchema>;
export type WebinarUpdate = z.output<typeof webinarUpdateSchema>;

const registrationStatus = oneOf(REGISTRATION_STATUSES, REGISTRATION_STATUS_LABELS, 'Le statut');

/** `PATCH {adminBase}/registrations/{id}`: one registration's status. */
export const registrationStatusSchema = z.object({ status: registrationStatus });
export type RegistrationStatusInput = z.input<typeof registrationStatusSchema>;

export const BULK_STATUS_MAX = 1000;

/** `POST {adminBase}/webinars/{id}/registrations/status`: the status of the selected rows. */
export const registrationBulkStatusSchema = z.object({
  ids: z
    .array(z.number({ error: 'Chaque inscription doit être désignée par son numéro.' }).int().positive(), {
      error: 'Sélectionnez au moins une inscription.',
    })
    .min(1, 'Sélectionnez au moins une inscription.')
    .max(BULK_STATUS_MAX, `Au plus ${BULK_STATUS_MAX} inscriptions à la fois.`),
  status: registrationStatus,
});
export type RegistrationBulkStatusInput = z.input<typeof registrationBulkStatusSchema>;

/** `POST {adminBase}/webinars/{id}/attendance?othersNoShow=true|false` (the CSV is the body). */
export const attendanceQuerySchema = z.object({
  othersNoShow: z
    .preprocess(blankToUndefined, z.enum(['true', 'false'], { error: 'L’option « marquer les autres absents » doit valoir true ou false.' }).default('false'))
    .transform((value) => value === 'true'),
});

/** `GET {adminBase}/webinars/{id}/registrations?page&limit&status`. */
export const registrationListQuerySchema = paginationQuerySchema.extend({
  status: optionalOneOf(REGISTRATION_STATUSES, REGISTRATION_STATUS_LABELS, 'Le statut'),
});
export type RegistrationListQuery = z.output<typeof registrationListQuerySchema>;

/** `GET {adminBase}/webinars?page&limit`. */
export const webinarListQuerySchema = paginationQuerySchema;
export type WebinarListQuery = z.output<typeof webinarListQuerySchema>;
