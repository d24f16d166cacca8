/** Payments read from the bank's camt files (docs/decisions/133-bank-file-import-and-matching.md). */
import { z } from '../../../contract/zod.ts';
import { blankToUndefined, integer, labelledValues, optionalOneOf } from '../../../contract/fields.ts';
import { paginationQuerySchema, MAX_SERIAL_ID, pathIdSchema } from '../../../contract/params.ts';

/** What became of one bank transaction, as Paramètres → Facturation shows it. */
export const PAYMENT_STATUS_LABELS = {
  matched: 'Rapproché',
  partial: 'Paiement partiel',
  unmatched: 'À vérifier',
  ignored: 'Ignoré',
} as const;
export const PAYMENT_STATUSES = labelledValues(PAYMENT_STATUS_LABELS);
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Why a transaction waits for a person. */
export const PAYMENT_REVIEW_LABELS = {
  no_reference: 'Sans référence',
  unknown_reference: 'Référence inconnue',
  over_payment: 'Montant supérieur au solde de la facture',
  invoice_closed: 'Facture déjà soldée par une note de crédit',
  currency: 'Devise autre que le franc suisse',
  reversal: 'Contre-passation sans paiement correspondant',
} as const;
export const PAYMENT_REVIEW_REASONS = labelledValues(PAYMENT_REVIEW_LABELS);
export type PaymentReviewReason = (typeof PAYMENT_REVIEW_REASONS)[number];

/** `GET {base}/payments?status&page&limit`: newest booking first. */
export const paymentListQuerySchema = paginationQuerySchema.extend({
  status: optionalOneOf(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, 'Le statut'),
});
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;

export const PAYMENT_NOT_FOUND_MESSAGE = 'Ce paiement n’existe pas.';
export const PAYMENT_UPDATE_MESSAGE = 'Indiquez la facture à laquelle attribuer le paiement (son numéro, ex. 2027-0001), ou ignorez-le.';
export const PAYMENT_INVOICE_MESSAGE = 'La facture doit être désignée par son numéro interne (un nombre entier).';
export const PAYMENT_INVOICE_NUMBER_MESSAGE = 'Le numéro de facture s’écrit comme sur la facture, par exemple 2027-0001.';

/** `:id` of a payment (`/payments/:id`). */
export const paymentParamsSchema = z.object({ id: pathIdSchema(PAYMENT_NOT_FOUND_MESSAGE) });

/** `PATCH {base}/payments/{id}`: assign a transaction waiting for review to an invoice, or set it aside. */
export const paymentUpdateSchema = z
  .object({
    invoiceId: z.preprocess(blankToUndefined, integer('La facture', 1, MAX_SERIAL_ID, PAYMENT_INVOICE_MESSAGE).optional()),
    /** The number printed on the invoice, as a person reads it (the review screen sends this). */
    invoiceNumber: z.preprocess(
      blankToUndefined,
      z
        .string({ error: PAYMENT_INVOICE_NUMBER_MESSAGE })
        .trim()
        .regex(/^[A-Z0-9-]{1,30}$/i, PAYMENT_INVOICE_NUMBER_MESSAGE)
        .optional(),
    ),
    status: z.preprocess(blankToUndefined, z.literal('ignored', { error: PAYMENT_UPDATE_MESSAGE }).optional()),
  })
  .superRefine((body, ctx) => {
    const given = [body.invoiceId, body.invoiceNumber, body.status].filter((value) => value !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: [body.invoiceNumber !== undefined ? 'invoiceNumber' : 'invoiceId'], message: PAYMENT_UPDATE_MESSAGE });
  });
export type PaymentUpdate = z.output<typeof paymentUpdateSchema>;
