/**
 * `{base}/leads/{id}/export|erase|consents` and `{base}/retention` of the admin API: the
 * answers to access and erasure requests, the proofs of what a contact was told, and what the next
 * retention run will erase. What is erased: api/features/contacts/records/erasure.ts; what is exported: api/features/privacy/lead-export.ts.
 */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { accessLogQuerySchema, leadEraseSchema, ERASE_CONFIRMATION_MESSAGE, presentAccessLogPage, presentConsentProof } from './contract/index.ts';
import { leadParamsSchema } from '../../contract/params.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireAdmin } from '../../platform/http/auth.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import { requireRecentFactor } from '../../platform/http/reauth.ts';
import { findLeadOr404, eraseLead, KEPT_WHY, type KeptRecords } from '../contacts/index.ts';
import { exportLead } from './lead-export.ts';
import { listConsentProofs } from './consents.ts';
import { retentionPreview } from './retention.ts';
import { listContactAccess } from './access-log.ts';
import { recordAccess } from '../../platform/access-log.ts';

const KEPT_NAMES: Record<string, [string, string]> = { invoices: ['facture', 'factures'], credit_notes: ['note de crédit', 'notes de crédit'], payments: ['paiement reçu', 'paiements reçus'] };

/** « Contact effacé. Conservé : 2 factures, 1 note de crédit. Pièces comptables conservées 10 ans (…) » */
function erasureKeptMessage(kept: KeptRecords[]): string {
  const items = kept.map(({ table, count }) => {
    const [one, many] = KEPT_NAMES[table] ?? [table, table];
    return `${count} ${count === 1 ? one : many}`;
  });
  return `Contact effacé. Conservé : ${items.join(', ')}. ${KEPT_WHY}`;
}
import { auditRequest } from '../../platform/audit.ts';

/** The access log is for administrators only (decision 147): a viewer reads the contact, not who else did. */
export const ACCESS_LOG_ADMINS_ONLY = 'Le journal des consultations est réservé aux administrateurs.';

const oneLeadSchemas = { params: leadParamsSchema };
const accessLogSchemas = { params: leadParamsSchema, query: accessLogQuerySchema };
const eraseSchemas = { params: leadParamsSchema, body: leadEraseSchema };

export function adminPrivacyRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/leads/:id/export', requireAdmin, requireRecentFactor, validate(oneLeadSchemas), async (ctx) => {
    const { params } = input(ctx, oneLeadSchemas);
    const document = await exportLead(ctx.knex, params.id);
    await auditRequest(ctx, 'lead_exported', { details: { leadId: params.id } });
    await recordAccess(ctx, { action: 'contact_exported', contactId: params.id, contactCount: 1 });
    ctx.set('Content-Disposition', `attachment; filename="contact-${params.id}.json"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(document, null, 2);
  });

  router.post('/leads/:id/erase', requireAdmin, requireRecentFactor, validate(eraseSchemas), async (ctx) => {
    const { params, body } = input(ctx, eraseSchemas);
    const lead = await findLeadOr404(ctx.knex, params.id);
    if (body.confirmEmail.toLowerCase() !== lead.email.toLowerCase()) throw badRequest(ERASE_CONFIRMATION_MESSAGE);
    const { kept } = await eraseLead(ctx.knex, params.id);
    // The id only: the event must not keep what was just erased.
    await auditRequest(ctx, 'lead_erased', { details: { leadId: params.id, reason: 'request' } });
    await recordAccess(ctx, { action: 'contact_erased', contactId: params.id, contactCount: 1, details: { reason: 'request' } });
    if (kept.length === 0) {
      ctx.status = 204;
      return;
    }
    // Accounting records stay (CO art. 958f): the answer says which and why.
    ctx.body = { message: erasureKeptMessage(kept), kept };
  });

  router.get('/leads/:id/consents', requireAdmin, validate(oneLeadSchemas), async (ctx) => {
    const { params } = input(ctx, oneLeadSchemas);
    await findLeadOr404(ctx.knex, params.id);
    ctx.body = { consents: (await listConsentProofs(ctx.knex, params.id)).map(presentConsentProof) };
  });

  router.get('/leads/:id/access-log', requireAdmin, validate(accessLogSchemas), async (ctx) => {
    if (ctx.state.user?.role !== 'admin') throw new HttpError(403, ACCESS_LOG_ADMINS_ONLY);
    const { params, query } = input(ctx, accessLogSchemas);
    await findLeadOr404(ctx.knex, params.id);
    const { entries, total } = await listContactAccess(ctx.knex, params.id, query);
    ctx.body = presentAccessLogPage(entries, query, total);
  });

  router.get('/retention', requireAdmin, async (ctx) => {
    ctx.body = await retentionPreview(ctx.knex, ctx.config.retention);
  });

  return router;
}
