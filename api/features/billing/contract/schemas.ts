/**
 * Billing: the creditor's settings, structured postal addresses (the QR-bill accepts only those since
 * November 2025), Swiss IBANs and the invoice list's query. Imports only zod: the IBAN checks are the
 * arithmetic of ISO 13616 written here, so the browser form and the API say the same.
 */
import { z } from '../../../contract/zod.ts';
import { blankToNull, blankToUndefined, integer, labelledValues, optionalOneOf, requiredText } from '../../../contract/fields.ts';
import { paginationQuerySchema } from '../../../contract/params.ts';

export const IBAN_INVALID_MESSAGE = 'L’IBAN doit être un IBAN suisse ou liechtensteinois valide (CH ou LI, 21 caractères, chiffres de contrôle corrects).';
export const VAT_NUMBER_MESSAGE = 'Le numéro de TVA doit avoir la forme CHE-123.456.789 TVA.';
export const COUNTRY_MESSAGE = 'Le pays doit être un code de deux lettres (par exemple CH).';

/** The IBAN without spaces, in capitals. */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** ISO 13616: the country's letters and check digits moved to the end, letters as numbers, remainder 1 modulo 97. */
function ibanChecksumValid(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of moved) {
    const value = /[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** A Swiss or Liechtenstein IBAN (21 characters) with correct check digits. */
export function validateSwissIban(iban: string): boolean {
  const normalized = normalizeIban(iban);
  return /^(CH|LI)\d{2}\d{5}[0-9A-Z]{12}$/.test(normalized) && ibanChecksumValid(normalized);
}

/** A QR-IBAN: its institution identifier (characters 5 to 9) is between 30000 and 31999. */
export function isQrIban(iban: string): boolean {
  const normalized = normalizeIban(iban);
  if (!validateSwissIban(normalized)) return false;
  const iid = Number(normalized.slice(4, 9));
  return iid >= 30000 && iid <= 31999;
}

const country = z.preprocess((value) => (typeof value === 'string' ? value.trim().toUpperCase() : value), z.string({ error: COUNTRY_MESSAGE }).regex(/^[A-Z]{2}$/, COUNTRY_MESSAGE));

/**
 * A structured postal address (Swiss Implementation Guidelines v2.3, address type S): street and
 * number apart, postal code and town apart, the country as two letters. Lengths are the QR-bill's.
 */
export const postalAddressFields = {
  street: requiredText('La rue', { max: 70 }),
  buildingNumber: z.preprocess(blankToNull, z.string({ error: 'Le numéro doit être un texte.' }).trim().max(16, 'Le numéro ne doit pas dépasser 16 caractères.').nullable().default(null)),
  postalCode: requiredText('Le NPA', { max: 16 }),
  town: requiredText('La localité', { max: 35 }),
  country: z.preprocess((value) => blankToUndefined(value) ?? 'CH', country),
};

/** The person's billing address, as the offer's page asks it (form fields street, buildingNumber, postalCode, town, country). */
export const billingAddressSchema = z.object(postalAddressFields);
export type BillingAddress = z.output<typeof billingAddressSchema>;

const creditorSchema = z.object({ name: requiredText('Le nom du créancier', { max: 70 }), ...postalAddressFields });

const planSchema = z.object({
  id: z
    .string({ error: 'L’identifiant du forfait doit être un texte.' })
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'L’identifiant du forfait ne contient que des minuscules, des chiffres et des tirets (40 au plus).'),
  label: requiredText('Le nom du forfait', { max: 80 }),
  priceCents: integer('Le prix du forfait (en centimes)', 0, 100_000_000),
});

/**
 * `GET`/`PUT /api/admin/billing-settings`. `vatRatePercent: null` means not subject to VAT; money is in
 * centimes. The IBAN is stored without spaces.
 */
export const billingSettingsSchema = z
  .object({
    creditor: creditorSchema,
    iban: z.string({ error: IBAN_INVALID_MESSAGE }).transform(normalizeIban).refine(validateSwissIban, IBAN_INVALID_MESSAGE),
    vatNumber: z.preprocess(
      (value) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim().replace(/\s+/g, ' ')) : value),
      z
        .string({ error: VAT_NUMBER_MESSAGE })
        .regex(/^CHE-\d{3}\.\d{3}\.\d{3} (TVA|MWST|IVA)$/, VAT_NUMBER_MESSAGE)
        .nullable()
        .default(null),
    ),
    vatRatePercent: z.preprocess(
      (value) => {
        const blank = blankToNull(value);
        return typeof blank === 'string' && /^\d+([.,]\d+)?$/.test(blank.trim()) ? Number(blank.trim().replace(',', '.')) : blank;
      },
      z
        .number({ error: 'Le taux de TVA doit être un nombre entre 0 et 100 (par exemple 8.1), ou vide si vous n’êtes pas assujetti.' })
        .min(0, 'Le taux de TVA doit être compris entre 0 et 100 %.')
        .max(100, 'Le taux de TVA doit être compris entre 0 et 100 %.')
        .refine((rate) => Number.isInteger(Math.round(rate * 1000) / 10), 'Le taux de TVA a au plus deux décimales.')
        .nullable()
        .default(8.1),
    ),
    paymentTermDays: integer('Le délai de paiement (en jours)', 0, 120).default(30),
    plans: z
      .array(planSchema, { error: 'Les forfaits doivent être une liste.' })
      .max(20, 'Vingt forfaits au plus.')
      .superRefine((plans, ctx) => {
        const seen = new Set<string>();
        plans.forEach((plan, index) => {
          if (seen.has(plan.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'Deux forfaits ont le même identifiant.' });
          seen.add(plan.id);
        });
      })
      .default([]),
  })
  .superRefine((settings, ctx) => {
    if (settings.vatNumber === null && settings.vatRatePercent !== null && settings.vatRatePercent > 0) {
      ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: 'Le numéro de TVA est obligatoire quand un taux de TVA est appliqué.' });
    }
  });
export type BillingSettingsInput = z.input<typeof billingSettingsSchema>;
export type BillingSettings = z.output<typeof billingSettingsSchema>;

/** `GET`/`PUT /api/admin/billing-settings`, the basis points of a percentage (8.1 → 810). */
export function vatPercentToBasisPoints(percent: number | null): number | null {
  return percent === null ? null : Math.round(percent * 100);
}

export const INVOICE_STATUS_LABELS = {
  scheduled: 'Planifiée',
  open: 'Ouverte',
  overdue: 'En retard',
  paid: 'Payée',
  credited: 'Remboursée',
} satisfies Record<string, string>;
export const INVOICE_STATUS_VALUES = labelledValues(INVOICE_STATUS_LABELS);
export type InvoiceStatusValue = (typeof INVOICE_STATUS_VALUES)[number];

/** `GET /api/admin/invoices?status&leadId&page&limit`. */
export const invoiceListQuerySchema = paginationQuerySchema.extend({
  status: optionalOneOf(INVOICE_STATUS_VALUES, INVOICE_STATUS_LABELS, 'Le statut'),
  leadId: z.preprocess(blankToUndefined, integer('Le contact', 1, 2_147_483_647).optional()),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

export const INVOICE_NOT_FOUND_MESSAGE = 'Facture introuvable.';

/** `POST /api/admin/invoices/{id}/credit-notes`: `confirmAfterGuarantee` is needed once the 30 days are over. */
export const creditNoteSchema = z.object({
  amountCents: integer('Le montant (en centimes)', 1, 99_999_999_999),
  reason: requiredText('Le motif', { max: 500 }),
  confirmAfterGuarantee: z.boolean({ error: 'La confirmation doit être vrai ou faux.' }).default(false),
});
export type CreditNoteInput = z.output<typeof creditNoteSchema>;
