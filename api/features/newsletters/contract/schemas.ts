/**
 * Newsletter issues (docs/decisions/112-newsletter-sending.md): what the editor posts, the states and
 * their French labels, and the queries of the audience and recipient lists. Imports only zod.
 */
import { z } from '../../../contract/zod.ts';
import { blankToUndefined, commaSeparated, emailField, isoDateTime, optionalOneOf, requiredText } from '../../../contract/fields.ts';
import { tagNameSchema, pathIdSchema } from '../../../contract/params.ts';

/** A recipient row's state (its e-mail's status). */
export const NEWSLETTER_RECIPIENT_STATUSES = ['queued', 'sent', 'failed', 'cancelled'] as const;
export type NewsletterRecipientStatus = (typeof NEWSLETTER_RECIPIENT_STATUSES)[number];
export const NEWSLETTER_RECIPIENT_STATUS_LABELS: Record<NewsletterRecipientStatus, string> = {
  queued: 'En attente',
  sent: 'Envoyé',
  failed: 'Échec',
  cancelled: 'Annulé',
};

/** The two blocks the editor's buttons write, each on a line of its own (decision 113). */
export const NEWSLETTER_BLOCKS = { webinars: '{{prochains-webinaires}}', booking: '{{appel-decouverte}}' } as const;

export const NEWSLETTER_LIMITS = { subjectMax: 200, preheaderMax: 200, bodyMax: 50_000, tagsMax: 20 } as const;

export const NEWSLETTER_MESSAGES = {
  notFound: 'Newsletter non trouvée.',
  alreadySent: 'Cette newsletter a déjà été envoyée.',
  cancelled: 'Cette newsletter a été annulée.',
  notEditable: 'Cette newsletter est en cours d’envoi ou envoyée : seul le choix de la publier dans les archives peut encore changer.',
  alreadySending: 'L’envoi de cette newsletter est déjà en cours.',
  notDraftDelete: 'Seul un brouillon peut être supprimé.',
  notPausable: 'Seule une newsletter en cours d’envoi peut être mise en pause.',
  notResumable: 'Seule une newsletter en pause peut reprendre.',
  notCancellable: 'Cette newsletter ne peut plus être annulée.',
  emptyAudience: 'Aucun abonné confirmé ne correspond à cette audience : rien n’a été envoyé.',
  atInPast: 'La date d’envoi programmée doit être dans le futur.',
  noRetry: 'Aucun envoi en échec à renvoyer.',
  notStarted: 'Cette newsletter n’a pas encore été envoyée.',
} as const;

const subject = requiredText('L’objet', { max: NEWSLETTER_LIMITS.subjectMax });
const preheader = z.preprocess(
  (value) => (value === null || value === undefined ? '' : value),
  z.string({ error: 'La ligne d’aperçu doit être un texte.' }).trim().max(NEWSLETTER_LIMITS.preheaderMax, `La ligne d’aperçu ne doit pas dépasser ${NEWSLETTER_LIMITS.preheaderMax} caractères.`),
);
const body = requiredText('Le contenu', { max: NEWSLETTER_LIMITS.bodyMax });
const tags = z
  .array(tagNameSchema, { error: 'Les tags doivent être une liste.' })
  .max(NEWSLETTER_LIMITS.tagsMax, `Au plus ${NEWSLETTER_LIMITS.tagsMax} tags.`)
  // Compared case-insensitively: "VIP" and "vip" are one tag.
  .transform((list) => [...new Map(list.map((tag) => [tag.toLowerCase(), tag])).values()]);
const archive = z.boolean({ error: 'Le choix de publication doit valoir vrai ou faux.' });

/** `POST /api/admin/newsletters`. */
export const newsletterCreateSchema = z.object({
  subject,
  preheader: preheader.optional().default(''),
  body,
  tags: tags.optional().default([]),
  archive: archive.optional().default(false),
});
export type NewsletterCreateInput = z.input<typeof newsletterCreateSchema>;
export type NewsletterCreate = z.output<typeof newsletterCreateSchema>;

/** `PATCH /api/admin/newsletters/{id}`: any of the fields (content only while draft or scheduled). */
export const newsletterUpdateSchema = z.object({
  subject: subject.optional(),
  preheader: preheader.optional(),
  body: body.optional(),
  tags: tags.optional(),
  archive: archive.optional(),
});
export type NewsletterUpdateInput = z.input<typeof newsletterUpdateSchema>;
export type NewsletterUpdate = z.output<typeof newsletterUpdateSchema>;

/** `POST /api/admin/newsletters/preview`: the editor's content as it stands. */
export const newsletterPreviewSchema = z.object({
  subject: z.preprocess(
    (value) => value ?? '',
    z.string({ error: 'L’objet doit être un texte.' }).max(NEWSLETTER_LIMITS.subjectMax, `L’objet ne doit pas dépasser ${NEWSLETTER_LIMITS.subjectMax} caractères.`),
  ),
  preheader,
  body: z.preprocess(
    (value) => value ?? '',
    z.string({ error: 'Le contenu doit être un texte.' }).max(NEWSLETTER_LIMITS.bodyMax, `Le contenu ne doit pas dépasser ${NEWSLETTER_LIMITS.bodyMax} caractères.`),
  ),
});
export type NewsletterPreviewInput = z.input<typeof newsletterPreviewSchema>;

/** Comma-joined tags of a query string (`?tags=vip,genève`). */
const tagsQuery = z.preprocess(commaSeparated, tags.optional().default([]));

/** `GET /api/admin/newsletters/audience?tags=a,b`. */
export const newsletterAudienceQuerySchema = z.object({ tags: tagsQuery });

/** `POST /{id}/test`: to the signed-in user by default. */
export const newsletterTestSchema = z.object({ to: z.preprocess(blankToUndefined, emailField().optional()) });
export type NewsletterTestInput = z.input<typeof newsletterTestSchema>;

/** `POST /{id}/send`: now, or at a future time (ISO with its zone; the screen writes Swiss time). */
export const newsletterSendSchema = z.object({
  at: z.preprocess(blankToUndefined, isoDateTime('La date d’envoi doit être une date ISO 8601 avec fuseau (ex. 2026-12-01T08:00:00+01:00).').optional()),
});
export type NewsletterSendInput = z.input<typeof newsletterSendSchema>;

/** `GET /{id}/recipients?status=`. */
export const newsletterRecipientsQuerySchema = z.object({
  status: optionalOneOf(NEWSLETTER_RECIPIENT_STATUSES, NEWSLETTER_RECIPIENT_STATUS_LABELS, 'Le statut'),
});

/** `:id` of an issue. */
export const newsletterParamsSchema = z.object({ id: pathIdSchema(NEWSLETTER_MESSAGES.notFound) });
