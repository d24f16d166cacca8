/**
 * A contact's first touch (decision 115): where the person came from when they first wrote in.
 * - the two optional fields a public form may post (its script fills them; without a script the server
 *   reads the submitting page's address from the request instead): a bad value is dropped, never a
 *   reason to refuse someone's sign-up;
 * - the administrator's correction of a contact's first touch;
 * - the contacts list's "Origine" filter;
 * - the first touch's columns in the contacts' CSV files.
 */
import { z } from '../../../contract/zod.ts';
import { blankToNull, blankToUndefined, isoDateTime, oneOf, optionalOneOf } from '../../../contract/fields.ts';
import { VISIT_CHANNELS, VISIT_CHANNEL_LABELS } from '../../../contract/visit-channels.ts';

/** Bounds of the stored values (the check constraints of the leads table say the same). */
export const TOUCH_LIMITS = { value: 100, domain: 253, path: 500, address: 2000 } as const;

/**
 * The first touch in the contacts' CSV files: its fields in the export's column order, and each
 * column's header (the export writes them, the import recognises them, so a file exported then
 * imported elsewhere keeps the first touch).
 */
export const FIRST_TOUCH_FIELDS = ['firstTouchChannel', 'firstTouchSource', 'firstTouchMedium', 'firstTouchCampaign', 'firstTouchReferrer', 'firstTouchLandingPage', 'firstTouchAt'] as const;
export type FirstTouchField = (typeof FIRST_TOUCH_FIELDS)[number];
export const FIRST_TOUCH_FIELD_LABELS: Record<FirstTouchField, string> = {
  firstTouchChannel: 'Origine',
  firstTouchSource: 'Origine : source',
  firstTouchMedium: 'Origine : support',
  firstTouchCampaign: 'Origine : campagne',
  firstTouchReferrer: 'Origine : site référent',
  firstTouchLandingPage: "Origine : page d'arrivée",
  firstTouchAt: 'Origine : date',
};

/** An address of the site (`/webinaire?utm_source=…`) or a full http(s) URL; anything else is dropped. */
const postedAddress = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(TOUCH_LIMITS.address)
    .regex(/^(\/(?!\/)|https?:\/\/)\S*$/)
    .optional()
    .catch(undefined),
);

/**
 * What a public form's script posts beside its fields: the page's address with its query string, and
 * the page's own referrer (`document.referrer`, another site's address or empty).
 */
export const postedTouchFields = {
  touchPage: postedAddress,
  touchReferrer: postedAddress,
};
export interface PostedTouch {
  touchPage?: string;
  touchReferrer?: string;
}

const touchValue = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} doit être un texte.` })
      .trim()
      .max(max, `${label} ne doit pas dépasser ${max} caractères.`)
      .nullable()
      .optional(),
  );

/**
 * `firstTouch` of `PATCH {base}/leads/{id}`: the administrator's correction (null clears it). Absent
 * values are cleared; the date stays the one recorded unless given (now for a contact that had none).
 */
export const firstTouchUpdateSchema = z.object({
  channel: z.preprocess(blankToUndefined, oneOf(VISIT_CHANNELS, VISIT_CHANNEL_LABELS, "L'origine")),
  source: touchValue('La source', TOUCH_LIMITS.value),
  medium: touchValue('Le support', TOUCH_LIMITS.value),
  campaign: touchValue('La campagne', TOUCH_LIMITS.value),
  referrer: touchValue('Le site référent', TOUCH_LIMITS.domain),
  landingPage: touchValue("La page d'arrivée", TOUCH_LIMITS.path),
  at: z.preprocess(blankToUndefined, isoDateTime('La date doit être une date ISO 8601 avec fuseau (ex. 2026-11-01T09:00:00Z).').optional()),
});
export type FirstTouchUpdateInput = z.input<typeof firstTouchUpdateSchema>;
export type FirstTouchUpdate = z.output<typeof firstTouchUpdateSchema>;

/** `channel` and `campaign` of the contacts list and its CSV export. */
export const firstTouchFilters = {
  channel: optionalOneOf(VISIT_CHANNELS, VISIT_CHANNEL_LABELS, "L'origine"),
  campaign: z.preprocess(
    blankToUndefined,
    z.string({ error: 'La campagne doit être un texte.' }).trim().toLowerCase().max(TOUCH_LIMITS.value, `La campagne ne doit pas dépasser ${TOUCH_LIMITS.value} caractères.`).optional(),
  ),
};
