/** The Emails screen's list query (the kinds and statuses it filters on are the outbox's: api/contract/email-kinds.ts). */
import { z } from '../../../contract/zod.ts';
import { blankToUndefined, integer, optionalOneOf, optionalText } from '../../../contract/fields.ts';
import { paginationQuerySchema } from '../../../contract/params.ts';
import { EMAIL_KIND_LABELS, EMAIL_KIND_VALUES, EMAIL_STATUS_LABELS, EMAIL_STATUS_VALUES } from '../../../contract/email-kinds.ts';

/** `GET /api/admin/emails?page&limit&status&kind&leadId&search`. */
export const emailListQuerySchema = paginationQuerySchema.extend({
  status: optionalOneOf(EMAIL_STATUS_VALUES, EMAIL_STATUS_LABELS, 'Le statut'),
  kind: optionalOneOf(EMAIL_KIND_VALUES, EMAIL_KIND_LABELS, 'Le type'),
  leadId: z.preprocess(blankToUndefined, integer('Le contact', 1, 2_147_483_647).optional()),
  search: optionalText('La recherche', 200),
});
export type EmailListQuery = z.output<typeof emailListQuerySchema>;
