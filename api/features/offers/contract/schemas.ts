/**
 * Offers (docs/decisions/130-offers-amounts-and-acceptance.md): what the back office posts, the states
 * and their French labels, the list's query, and the billing address the public page posts with "J'accepte
 * l'offre". Money is an integer number of centimes; dates are Swiss calendar days (AAAA-MM-JJ). Imports only zod.
 */
import { z } from '../../../contract/zod.ts';
import { blankToUndefined, integer, optionalOneOf, optionalText, requiredText } from '../../../contract/fields.ts';
import { paginationQuerySchema, pathIdSchema } from '../../../contract/params.ts';
import { postalAddressFields } from '../../billing/contract/index.ts';

export const OFFER_STATUS_LABELS = {
  draft: 'Brouillon',
  sent: 'Envoyée',
  accepted: 'Acceptée',
  expired: 'Expirée',
  withdrawn: 'Retirée',
} as const;
export const OFFER_STATUSES = ['draft', 'sent', 'accepted', 'expired', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_LIMITS = {
  linesMax: 20,
  labelMax: 200,
  quantityMax: 1_000,
  /** 1 000 000 CHF: an offer's lines and total stay far within the database's integers. */
  amountMaxCents: 100_000_000,
  messageMax: 5_000,
  instalmentsMax: 12,
  /** The validity when none is given: 14 days from today (Swiss time). */
  defaultValidityDays: 14,
} as const;

export const OFFER_MESSAGES = {
  notFound: 'Offre non trouvée.',
  discountTooHigh: 'La remise ne peut pas dépasser le total des lignes.',
  totalTooHigh: `Le total de l’offre ne doit pas dépasser ${OFFER_LIMITS.amountMaxCents / 100} CHF.`,
  validUntilPast: 'La date de validité ne peut pas être dans le passé.',
  notDraftSend: 'Seule une offre en brouillon peut être envoyée.',
  notWithdrawable: 'Seule une offre en brouillon ou envoyée, encore valable, peut être retirée.',
  expiredSend: 'La date de validité de cette offre est passée : corrigez-la en créant une nouvelle offre.',
  noEmail: 'Ce contact n’a pas d’adresse e-mail : l’offre ne peut pas être envoyée.',
  invalidLink: 'Ce lien n’est pas valide. Utilisez le lien reçu par e-mail, en entier.',
  accepted: 'Merci ! Votre acceptation est enregistrée. Vous recevez la facture par e-mail.',
  alreadyAccepted: 'Cette offre est déjà acceptée.',
  expired: 'Cette offre a expiré : sa date de validité est passée. Contactez-nous pour en recevoir une nouvelle.',
  withdrawn: 'Cette offre a été retirée. Contactez-nous si vous souhaitez en parler.',
  notSent: 'Cette offre n’est pas encore disponible.',
  notNow: 'Votre acceptation n’a pas pu être enregistrée pour le moment : rien n’a été validé. Réessayez plus tard ou contactez-nous.',
} as const;

const date = (label: string) => z.iso.date({ error: `${label} doit être une date valide (AAAA-MM-JJ).` });

const centimes = (label: string) => integer(label, 0, OFFER_LIMITS.amountMaxCents, `${label} doit être un nombre entier de centimes entre 0 et ${OFFER_LIMITS.amountMaxCents}.`);

export const offerLineSchema = z.object({
  label: requiredText('Le libellé', { max: OFFER_LIMITS.labelMax }),
  quantity: integer('La quantité', 1, OFFER_LIMITS.quantityMax),
  unitPriceCents: centimes('Le prix unitaire'),
});
export type OfferLineInput = z.output<typeof offerLineSchema>;

/** `POST /api/admin/leads/{id}/offers`. */
export const offerCreateSchema = z
  .object({
    lines: z
      .array(offerLineSchema, { error: 'Les lignes doivent être une liste.' })
      .min(1, 'Une offre a au moins une ligne.')
      .max(OFFER_LIMITS.linesMax, `Une offre a au plus ${OFFER_LIMITS.linesMax} lignes.`),
    discountCents: z.preprocess(blankToUndefined, centimes('La remise').default(0)),
    startDate: z.preprocess(
      blankToUndefined,
      z.string({ error: (issue) => (issue.input === undefined ? 'La date de début est obligatoire.' : 'La date de début doit être une date valide (AAAA-MM-JJ).') }).pipe(date('La date de début')),
    ),
    validUntil: z.preprocess(blankToUndefined, date('La date de validité').optional()),
    instalments: z.preprocess(blankToUndefined, integer('Le nombre de mensualités', 1, OFFER_LIMITS.instalmentsMax).default(1)),
    message: optionalText('Le message', OFFER_LIMITS.messageMax),
  })
  .superRefine((offer, ctx) => {
    const gross = offer.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
    if (gross > OFFER_LIMITS.amountMaxCents) ctx.addIssue({ code: 'custom', path: ['lines'], message: OFFER_MESSAGES.totalTooHigh });
    else if (offer.discountCents > gross) ctx.addIssue({ code: 'custom', path: ['discountCents'], message: OFFER_MESSAGES.discountTooHigh });
  });
export type OfferCreateInput = z.input<typeof offerCreateSchema>;
export type OfferCreate = z.output<typeof offerCreateSchema>;

/** `GET /api/admin/offers?page&limit&status&leadId`. */
export const offerListQuerySchema = paginationQuerySchema.extend({
  status: optionalOneOf(OFFER_STATUSES, OFFER_STATUS_LABELS, 'Le statut'),
  leadId: z.preprocess(blankToUndefined, integer('Le contact', 1, 2_147_483_647).optional()),
});
export type OfferListQuery = z.output<typeof offerListQuerySchema>;

export const offerParamsSchema = z.object({ id: pathIdSchema(OFFER_MESSAGES.notFound) });

/** The signed link's token (`<offer id>.<signature>`), as the page and its form carry it. */
export const OFFER_TOKEN_PATTERN = /^[1-9]\d{0,9}\.[A-Za-z0-9_-]{32}$/;
const offerToken = z.string({ error: OFFER_MESSAGES.invalidLink }).regex(OFFER_TOKEN_PATTERN, OFFER_MESSAGES.invalidLink);

function swissPostalCode(address: { country: string; postalCode: string }, ctx: z.RefinementCtx): void {
  if ((address.country === 'CH' || address.country === 'LI') && !/^\d{4}$/.test(address.postalCode)) {
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'Le NPA suisse compte quatre chiffres.' });
  }
}

/**
 * `POST /api/offers/accept`: the page's form (or JSON) with the link's token and the billing address,
 * structured as the QR-bill asks (billing's fields: street and number apart, postcode and town apart,
 * the country's code, preset to CH); a Swiss or Liechtenstein postcode has four digits.
 */
export const offerAcceptSchema = z.object({ token: offerToken, ...postalAddressFields }).superRefine(swissPostalCode);
export type OfferAccept = z.output<typeof offerAcceptSchema>;

/** "1’234.50": centimes as Swiss francs, the apostrophe between thousands (the back office, the page, the PDF). */
export function formatChf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const francs = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '’');
  return `${sign}${francs}.${String(absolute % 100).padStart(2, '0')}`;
}

/** "8.1 %" from 810 basis points. */
export function formatVatRate(basisPoints: number): string {
  return `${(basisPoints / 100).toString()} %`;
}
