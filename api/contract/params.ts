/**
 * Route parameters, validated by `validate({ params })` (api/platform/http/validate.ts) before any service
 * runs. An id that is not a positive integer names no record: it is answered like an unknown id, 404
 * with the record's own "not found" message, so `/leads/abc` and `/leads/999999` read the same.
 */
import { z } from './zod.ts';
import { blankToUndefined, integer } from './fields.ts';
import { LIMITS } from './options.ts';

/** `page` and `limit` of every admin list: 10 per page, at most 100. */
export const paginationQuerySchema = z.object({
  page: z.preprocess(blankToUndefined, integer('La page', 1, 1_000_000, 'La page doit être un nombre entier supérieur ou égal à 1.').default(1)),
  limit: z.preprocess(blankToUndefined, integer('La limite', 1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault)),
});
export type PaginationQuery = z.output<typeof paginationQuerySchema>;

/**
 * `page` and `limit` of what a contact's page lists (its activities, e-mails and registrations),
 * newest first: 20 at a time by default, at most 100 (docs/decisions/089-contact-lists-are-paginated.md).
 */
export const contactListQuerySchema = paginationQuerySchema.extend({
  limit: z.preprocess(blankToUndefined, integer('La limite', 1, LIMITS.pageSizeMax).default(LIMITS.contactPageSizeDefault)),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

/** A tag: trimmed, 1 to 50 characters. */
export const tagNameSchema = z
  .string({ error: 'Le tag doit être un texte.' })
  .trim()
  .min(1, 'Le tag ne peut pas être vide.')
  .max(LIMITS.tagMax, `Le tag ne doit pas dépasser ${LIMITS.tagMax} caractères.`);

/** What a 404 says for each kind of record (api/platform/errors.ts and the services reuse these). */
export const NOT_FOUND_MESSAGES = {
  lead: 'Contact non trouvé',
  webinar: 'Webinaire non trouvé',
  email: 'E-mail non trouvé.',
  registration: 'Inscription non trouvée',
} as const;

/** PostgreSQL `integer` (serial) ids stop at 2^31 - 1. */
export const MAX_SERIAL_ID = 2_147_483_647;

/** Parses `"42"` into 42; anything else (`"abc"`, `"1.5"`, `"0"`, `"042"`, `"99999999999"`) gives `undefined`. */
export function parseId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= MAX_SERIAL_ID ? id : undefined;
}

/** A record id as the services take it. */
export const idSchema = z.number().int().positive().max(MAX_SERIAL_ID);

/**
 * The issue a path id gives when it names no record. `validate()` answers a params failure made only of
 * such issues with 404 and the issue's message; any other params failure stays a 400.
 */
export const NOT_FOUND_ISSUE = 'notFound';

/** A path segment holding an id: `"42"` → 42, anything else → 404 with `notFoundMessage`. */
export function pathIdSchema(notFoundMessage: string) {
  return z
    .string()
    .transform((value, context) => {
      const id = parseId(value);
      if (id === undefined) {
        context.issues.push({ code: 'custom', message: notFoundMessage, input: value, params: { [NOT_FOUND_ISSUE]: true } });
        return z.NEVER;
      }
      return id;
    })
    .pipe(idSchema);
}

/** `:id` of a contact (`/leads/:id`, `/api/crm/leads/:id/…`). */
export const leadParamsSchema = z.object({ id: pathIdSchema(NOT_FOUND_MESSAGES.lead) });

/** `:id` and `:tag` of `/api/crm/leads/:id/tags/:tag` (the router hands `:tag` URL-decoded; a bad tag is a 400). */
export const leadTagParamsSchema = z.object({ id: pathIdSchema(NOT_FOUND_MESSAGES.lead), tag: tagNameSchema });

/** `:id` of a webinar (`/webinars/:id…`). */
export const webinarParamsSchema = z.object({ id: pathIdSchema(NOT_FOUND_MESSAGES.webinar) });

/** `:id` of a webinar registration (`/registrations/:id`). */
export const registrationParamsSchema = z.object({ id: pathIdSchema(NOT_FOUND_MESSAGES.registration) });

/** `:id` of an e-mail (`/emails/:id…`). */
export const emailParamsSchema = z.object({ id: pathIdSchema(NOT_FOUND_MESSAGES.email) });

/** `:id` of a session: its public id, any text (one that is not the user's session is a 404, by the service). */
export const sessionParamsSchema = z.object({ id: z.string() });
