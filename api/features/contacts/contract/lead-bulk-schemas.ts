/**
 * Contacts in bulk: one CSV row of an import, the import's query, the bulk actions on
 * selected contacts. A row is validated by the admin creation schema itself, so an imported contact
 * obeys exactly the rules of one typed in the form.
 */
import { z } from '../../../contract/zod.ts';
import { blankToUndefined, integer, oneOf, optionalOneOf, optionalText } from '../../../contract/fields.ts';
import { leadCreateSchema } from './leads-schemas.ts';
import { tagNameSchema, idSchema } from '../../../contract/params.ts';
import { LEAD_SOURCES, LEAD_SOURCE_LABELS, LEAD_STATUSES, LEAD_STATUS_LABELS } from '../../../contract/options.ts';
import { VISIT_CHANNELS, VISIT_CHANNEL_LABELS } from '../../../contract/visit-channels.ts';
import { FIRST_TOUCH_FIELDS, FIRST_TOUCH_FIELD_LABELS, TOUCH_LIMITS } from '../../attribution/contract/index.ts';

/** The same bound as api/features/contacts/lead-tags.ts. */
const MAX_TAGS_PER_LEAD = 50;

/** The lead fields a CSV column can fill, in the order the mapping step lists them. */
export const IMPORT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'company', 'country', 'city', 'source', 'status', 'type', 'tags', 'message', 'notes', ...FIRST_TOUCH_FIELDS] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'Email',
  phone: 'Téléphone',
  company: 'Société',
  country: 'Pays',
  city: 'Ville',
  source: 'Source',
  status: 'Statut',
  type: 'Type de demande',
  tags: 'Tags',
  message: 'Message',
  notes: 'Notes internes',
  ...FIRST_TOUCH_FIELD_LABELS,
};

/** Rows of one import request at most (the back office sends smaller chunks to show its progress). */
export const IMPORT_MAX_ROWS = 10_000;

/** A `tags` cell: "vip, suisse romande" (commas, or `|` in a comma-separated file). */
const importTags = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? [
          ...new Map(
            value
              .split(/[,|]/)
              .map((tag) => tag.trim())
              .filter((tag) => tag !== '')
              .map((tag) => [tag.toLowerCase(), tag]),
          ).values(),
        ]
      : blankToUndefined(value),
  z.array(tagNameSchema).max(MAX_TAGS_PER_LEAD, `Un contact ne peut pas avoir plus de ${MAX_TAGS_PER_LEAD} tags.`).default([]),
);

/**
 * One CSV row, after its cells were given field names. The creation schema without the follow-up date
 * (not a column of an address book); an imported contact's source is "Autre" unless the file says.
 */
export const leadImportRowSchema = leadCreateSchema
  .omit({ nextFollowUpAt: true })
  .extend({
    source: z.preprocess(blankToUndefined, oneOf(LEAD_SOURCES, LEAD_SOURCE_LABELS, 'La source').default('other')),
    tags: importTags,
    // The contact's first touch (decision 115), as the contacts export writes it.
    firstTouchChannel: optionalOneOf(VISIT_CHANNELS, VISIT_CHANNEL_LABELS, "L'origine"),
    firstTouchSource: optionalText("La source de l'origine", TOUCH_LIMITS.value),
    firstTouchMedium: optionalText("Le support de l'origine", TOUCH_LIMITS.value),
    firstTouchCampaign: optionalText("La campagne de l'origine", TOUCH_LIMITS.value),
    firstTouchReferrer: optionalText("Le site référent de l'origine", TOUCH_LIMITS.domain),
    firstTouchLandingPage: optionalText("La page d'arrivée de l'origine", TOUCH_LIMITS.path),
    firstTouchAt: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^(\d{2}\.\d{2}\.\d{4}(\s+\d{2}:\d{2})?|\d{4}-\d{2}-\d{2}T\S+)$/, "La date de l'origine doit s'écrire JJ.MM.AAAA HH:MM.")
        .optional(),
    ),
  })
  .superRefine((row, context) => {
    const described = row.firstTouchSource ?? row.firstTouchMedium ?? row.firstTouchCampaign ?? row.firstTouchReferrer ?? row.firstTouchLandingPage ?? row.firstTouchAt;
    if (described !== undefined && !row.firstTouchChannel) {
      context.addIssue({ code: 'custom', path: ['firstTouchChannel'], message: "Indiquez l'origine (Recherche, Réseaux sociaux, E-mail, Sites référents ou Direct) de ce contact." });
    }
  });
export type LeadImportRow = z.output<typeof leadImportRowSchema>;

const booleanFlag = (label: string) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? 'false' : value),
    z.enum(['true', 'false'], { error: `${label} doit valoir true ou false.` }).transform((value) => value === 'true'),
  );

/**
 * `POST {base}/leads/import?dryRun&columns&firstRow` with a `text/csv` body (decision 076).
 * `columns`: the field of each column, in order, comma-joined, an empty entry for a column to ignore;
 * without it the fields are guessed from the header row. `firstRow`: the file's row number of the
 * body's first data row (the header is row 1), so a chunk's errors name rows of the whole file.
 */
export const leadImportQuerySchema = z.object({
  dryRun: booleanFlag('dryRun'),
  columns: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').map((name) => name.trim()) : blankToUndefined(value)),
    z
      .array(z.union([z.enum(IMPORT_FIELDS), z.literal('')], { error: 'Une colonne doit être associée à un champ connu du contact, ou laissée vide.' }))
      .max(200, 'Au plus 200 colonnes.')
      .refine((fields) => new Set(fields.filter(Boolean)).size === fields.filter(Boolean).length, 'Un champ ne peut être associé qu’à une seule colonne.')
      .optional(),
  ),
  firstRow: z.preprocess(blankToUndefined, integer('La première ligne', 2, 100_000_000).default(2)),
});
export type LeadImportQuery = z.output<typeof leadImportQuerySchema>;

export const BULK_ACTIONS = ['add_tag', 'remove_tag', 'set_status', 'export', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_MAX_IDS = 1000;

const bulkIds = z
  .array(idSchema, { error: 'Les contacts sélectionnés doivent être une liste d’identifiants.' })
  .min(1, 'Sélectionnez au moins un contact.')
  .max(BULK_MAX_IDS, `Au plus ${BULK_MAX_IDS} contacts à la fois.`);

/** `POST {base}/leads/bulk {ids, action, value}`: `value` is the tag or the status when the action needs one. */
export const leadBulkSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ ids: bulkIds, action: z.literal('add_tag'), value: tagNameSchema }),
    z.object({ ids: bulkIds, action: z.literal('remove_tag'), value: tagNameSchema }),
    z.object({ ids: bulkIds, action: z.literal('set_status'), value: oneOf(LEAD_STATUSES, LEAD_STATUS_LABELS, 'Le statut') }),
    z.object({ ids: bulkIds, action: z.literal('export') }),
    z.object({ ids: bulkIds, action: z.literal('delete') }),
  ],
  { error: 'L’action doit être add_tag, remove_tag, set_status, export ou delete.' },
);
export type LeadBulkInput = z.input<typeof leadBulkSchema>;
export type LeadBulk = z.output<typeof leadBulkSchema>;
