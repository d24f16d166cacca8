/**
 * Contacts (leads): what the public forms send, what the admin form sends, and the list query.
 */
import { z } from '../../../contract/zod.ts';
import { paginationQuerySchema, tagNameSchema } from '../../../contract/params.ts';
import { LEAD_SOURCES, LEAD_SOURCE_LABELS, LEAD_STATUSES, LEAD_STATUS_LABELS, LEAD_TYPES, LEAD_TYPE_LABELS } from '../../../contract/options.ts';
import {
  blankToUndefined,
  clearablePhone,
  clearableText,
  commaSeparated,
  emailField,
  isoDateTime,
  oneOf,
  optionalDateOrDateTime,
  optionalPhone,
  optionalText,
  requiredPhone,
  requiredText,
} from '../../../contract/fields.ts';
import { newsletterFilter } from '../../privacy/contract/index.ts';
import { firstTouchFilters, firstTouchUpdateSchema, postedTouchFields } from '../../attribution/contract/index.ts';

export const FIRST_NAME_MIN_MESSAGE = 'Le prénom doit comporter au moins 2 caractères';

const leadType = oneOf(LEAD_TYPES, LEAD_TYPE_LABELS, 'Le type de demande');
const leadStatus = oneOf(LEAD_STATUSES, LEAD_STATUS_LABELS, 'Le statut');
const leadSource = oneOf(LEAD_SOURCES, LEAD_SOURCE_LABELS, 'La source');

/**
 * A lead as sent by the public webinar and contact forms. Unknown fields are
 * dropped (zod strips them), so a visitor can never set a status, tags or notes.
 * `website` is the honeypot: a hidden field people leave empty; the server pretends success
 * and stores nothing when a robot fills it.
 */
export const publicLeadSchema = z.object({
  firstName: requiredText('Le prénom', { max: 100 }),
  lastName: optionalText('Le nom', 100),
  email: emailField(),
  phone: optionalPhone(),
  company: optionalText("Le nom de l'entreprise", 150),
  message: optionalText('Le message', 5000),
  type: z.preprocess(blankToUndefined, leadType.default('contact')),
  website: z.unknown().optional(),
  // Where the person came from (decision 115), posted by the form's script; never required.
  ...postedTouchFields,
});
export type PublicLeadInput = z.input<typeof publicLeadSchema>;
export type PublicLead = z.output<typeof publicLeadSchema>;

/** The landing page's contact form: the same lead, with the phone required. */
export const contactFormSchema = publicLeadSchema.extend({
  phone: requiredPhone(),
  type: z.literal('contact').default('contact'),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;

/** The public webinar form: first name, last name, email, company. */
export const webinarFormSchema = publicLeadSchema.extend({
  type: z.literal('webinar').default('webinar'),
});
export type WebinarFormInput = z.input<typeof webinarFormSchema>;

const firstNameAdmin = requiredText('Le prénom', { min: 2, max: 100, minMessage: FIRST_NAME_MIN_MESSAGE });

/** The admin contact form: creation. */
export const leadCreateSchema = z.object({
  firstName: firstNameAdmin,
  lastName: optionalText('Le nom', 100),
  email: emailField(),
  phone: optionalPhone(),
  company: optionalText("Le nom de l'entreprise", 150),
  country: optionalText('Le pays', 100),
  city: optionalText('La ville', 100),
  message: optionalText('Le message', 5000),
  notes: optionalText('Les notes internes', 10000),
  type: z.preprocess(blankToUndefined, leadType.default('contact')),
  source: z.preprocess(blankToUndefined, leadSource.default('form')),
  status: z.preprocess(blankToUndefined, leadStatus.default('new')),
  nextFollowUpAt: optionalDateOrDateTime('La date de relance'),
});
export type LeadCreateInput = z.input<typeof leadCreateSchema>;
export type LeadCreate = z.output<typeof leadCreateSchema>;

/**
 * The admin contact form: edition. Every field is optional (absent = unchanged); for the optional
 * fields a blank value clears them (the edit form sends every field, emptied ones included).
 * Built separately from the creation schema because zod 4 would apply creation defaults inside `.partial()`.
 */
export const leadUpdateSchema = z.object({
  firstName: firstNameAdmin.optional(),
  lastName: clearableText('Le nom', 100),
  email: emailField().optional(),
  phone: clearablePhone(),
  company: clearableText("Le nom de l'entreprise", 150),
  country: clearableText('Le pays', 100),
  city: clearableText('La ville', 100),
  message: clearableText('Le message', 5000),
  notes: clearableText('Les notes internes', 10000),
  type: z.preprocess(blankToUndefined, leadType.optional()),
  source: z.preprocess(blankToUndefined, leadSource.optional()),
  status: z.preprocess(blankToUndefined, leadStatus.optional()),
  nextFollowUpAt: z.preprocess((value) => (value === '' ? null : value), optionalDateOrDateTime('La date de relance').nullable()),
  /** The contact's "Origine", corrected by an administrator (audited); null clears it (decision 115). */
  firstTouch: firstTouchUpdateSchema.nullable().optional(),
});
export type LeadUpdateInput = z.input<typeof leadUpdateSchema>;
export type LeadUpdate = z.output<typeof leadUpdateSchema>;

/** Body of `POST /api/crm/leads/{id}/tags`. */
export const tagSchema = z.object({ tag: tagNameSchema });
export type TagInput = z.input<typeof tagSchema>;

/** `:name` of `/api/admin/tags/{name}` and the body of its rename. */
export const tagParamsSchema = z.object({ name: tagNameSchema });
export const tagRenameSchema = z.object({ name: tagNameSchema });
export type TagRenameInput = z.input<typeof tagRenameSchema>;

/** `GET /api/admin/leads?page&limit&search&status&source&tags&channel&campaign&createdAfter&createdFrom&createdTo`. */
export const leadListQuerySchema = paginationQuerySchema.extend({
  search: optionalText('La recherche', 200),
  status: z.preprocess(blankToUndefined, leadStatus.optional()),
  source: z.preprocess(blankToUndefined, leadSource.optional()),
  /** Comma-joined (`vip,suisse romande`); keeps the leads that have all of them. */
  tags: z.preprocess(commaSeparated, z.array(tagNameSchema, { error: 'Les tags doivent être séparés par des virgules.' }).max(20, 'Au plus 20 tags à la fois.').optional()),
  newsletter: newsletterFilter,
  /** The contact's "Origine": the channel of its first touch, and its campaign (decision 115). */
  ...firstTouchFilters,
  /** `true`: only the clients (decision 134); `false`: only those who are not (yet). */
  client: z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'], { error: 'Le filtre « client » doit valoir true ou false.' })
      .transform((value) => value === 'true')
      .optional(),
  ),
  createdAfter: z.preprocess(blankToUndefined, isoDateTime('La date « créé après » doit être une date ISO 8601 avec fuseau (ex. 2026-11-01T00:00:00Z).').optional()),
  /** First and last day (inclusive, days of Swiss time) of the "Par date" range: `2026-11-01`. */
  createdFrom: z.preprocess(blankToUndefined, z.iso.date({ error: 'La date « du » doit être une date valide (AAAA-MM-JJ).' }).optional()),
  createdTo: z.preprocess(blankToUndefined, z.iso.date({ error: 'La date « au » doit être une date valide (AAAA-MM-JJ).' }).optional()),
});

export const DATE_RANGE_ORDER_MESSAGE = 'La date « au » doit être postérieure ou égale à la date « du ».';

/**
 * The range's order, checked apart from the object schema: a refinement would forbid `.extend()`/`.omit()`
 * on `leadListQuerySchema` (zod 4), which other lists and exports build on. Used by the server and the dialog.
 */
export function dateRangeIssue(range: { createdFrom?: string; createdTo?: string }): { path: string; message: string } | undefined {
  if (range.createdFrom && range.createdTo && range.createdTo < range.createdFrom) return { path: 'createdTo', message: DATE_RANGE_ORDER_MESSAGE };
  return undefined;
}
export type LeadListQueryInput = z.input<typeof leadListQuerySchema>;
export type LeadListQuery = z.output<typeof leadListQuerySchema>;
