/**
 * Billing's admin routes: the settings (Paramètres → Facturation), the invoices and their PDF, credit
 * notes. Viewers read; administrators change (requireAdmin, and the central guard of every
 * state-changing admin request). Changes are audited.
 */
import type Router from '@koa/router';
import { z } from 'zod';
import { apiRouter } from '../../platform/http/router.ts';
import { requireAdmin, signedInUser } from '../../platform/http/auth.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { notFound } from '../../platform/errors.ts';
import { auditRequest } from '../../platform/audit.ts';
import { billingSettingsSchema, creditNoteSchema, INVOICE_NOT_FOUND_MESSAGE, invoiceListQuerySchema, presentBillingSettings, presentCreditNote, presentInvoiceList } from './contract/index.ts';
import { pathIdSchema } from '../../contract/params.ts';
import { readBillingSettings, writeBillingSettings } from './settings.ts';
import { listInvoices } from './list.ts';
import { invoicePdfBytes } from './invoices.ts';
import { createCreditNote } from './credit-notes.ts';
import { swissDay } from '../../platform/lib/swiss-day.ts';

const settingsSchemas = { body: billingSettingsSchema };
const listSchemas = { query: invoiceListQuerySchema };
const invoiceParams = z.object({ id: pathIdSchema(INVOICE_NOT_FOUND_MESSAGE) });
const pdfSchemas = { params: invoiceParams };
const creditNoteSchemas = { params: invoiceParams, body: creditNoteSchema };

export function adminBillingRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/billing-settings', requireAdmin, async (ctx) => {
    ctx.body = presentBillingSettings(await readBillingSettings(ctx.knex));
  });

  router.put('/billing-settings', requireAdmin, validate(settingsSchemas), async (ctx) => {
    const { body } = input(ctx, settingsSchemas);
    const saved = await writeBillingSettings(ctx.knex, body);
    await auditRequest(ctx, 'billing_settings_updated');
    ctx.body = presentBillingSettings(saved);
  });

  router.get('/invoices', requireAdmin, validate(listSchemas), async (ctx) => {
    const { query } = input(ctx, listSchemas);
    const today = swissDay(new Date());
    const { invoices, total } = await listInvoices(ctx.knex, query, today);
    ctx.body = presentInvoiceList(invoices, today, query, total);
  });

  router.get('/invoices/:id/pdf', requireAdmin, validate(pdfSchemas), async (ctx) => {
    const { params } = input(ctx, pdfSchemas);
    const row = (await ctx.knex('invoices').where({ id: params.id }).first('number')) as { number: string } | undefined;
    const pdf = row ? await invoicePdfBytes(ctx.knex, params.id) : undefined;
    if (!row || !pdf) throw notFound(INVOICE_NOT_FOUND_MESSAGE);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="facture-${row.number}.pdf"`);
    ctx.body = pdf;
  });

  router.post('/invoices/:id/credit-notes', requireAdmin, validate(creditNoteSchemas), async (ctx) => {
    const { params, body } = input(ctx, creditNoteSchemas);
    const user = signedInUser(ctx);
    const note = await ctx.knex.transaction((trx) => createCreditNote(trx, params.id, body, user.id));
    ctx.status = 201;
    ctx.body = presentCreditNote(note);
  });

  return router;
}
