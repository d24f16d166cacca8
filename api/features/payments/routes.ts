/**
 * `{base}/bank-files` and `{base}/payments` (base: /api/admin or /api/admin-dev;
 * docs/decisions/133-bank-file-import-and-matching.md). Viewers read the payments; only administrators
 * import a file or assign a payment (the central role guard refuses a viewer's POST and PATCH first).
 * - `POST /bank-files` with the camt.054 or camt.053 file as the body (`application/xml`), or as the one file
 *   of a `multipart/form-data` upload (decision 142: the same file gives the same answer either way):
 *   `{fileId, entries, transactions, matched, partial, unmatched, ignored, reversals, duplicates}`;
 *   a file that cannot be read is a 400 naming the problem, and nothing is written.
 * - `GET /payments?status&page&limit`: the transactions, newest booking first.
 * - `PATCH /payments/:id` `{invoiceId}`, `{invoiceNumber}` or `{status: 'ignored'}`: a transaction waiting for review.
 * - `GET /analytics/revenue?period&channel&campaign`: money received per origin (decision 134).
 * - `GET /stats/billing`: the dashboard's card (this month's revenue, open and overdue invoices, payments to review).
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { apiRouter } from '../../platform/http/router.ts';
import { funnelQuerySchema } from '../analytics/contract/index.ts';
import {
  paymentListQuerySchema,
  paymentParamsSchema,
  paymentUpdateSchema,
  presentBankFileImport,
  presentPayment,
  presentPaymentPage,
  presentRevenue,
  presentBillingDashboard,
} from './contract/index.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireAdmin } from '../../platform/http/auth.ts';
import { readRawBody } from '../../platform/http/body.ts';
import { readMultipartFile } from '../../platform/http/multipart.ts';
import { HttpError } from '../../platform/errors.ts';
import { auditRequest } from '../../platform/audit.ts';
import { CamtError } from './camt.ts';
import { importBankFile } from './import.ts';
import { assignPayment, listPayments, paymentRow } from './payments.ts';
import { billingDashboard, revenue } from './revenue.ts';

/** A month of daily camt.054 files for a busy account stays far below this; 10,000 entries are about 8 MB. */
export const BANK_FILE_LIMIT_BYTES = 32 * 1024 * 1024;
export const BANK_FILE_EXPECTED =
  'Envoyez le relevé camt.054 ou camt.053 tel que la banque le fournit (fichier XML, Content-Type: application/xml, ou un seul fichier dans un formulaire multipart/form-data).';
const BANK_FILE_TOO_LARGE = 'Le fichier est trop volumineux (32 Mo au maximum) : importez les relevés un par un.';
const BANK_FILE_EMPTY = 'Le fichier est vide.';
const UPLOAD_MESSAGES = {
  missing: 'Aucun fichier reçu : joignez le relevé camt.054 ou camt.053 (fichier XML) au formulaire.',
  several: 'Un seul relevé à la fois : le formulaire contenait plusieurs fichiers.',
  wrongType: 'Le fichier joint n’est pas un fichier XML : joignez le relevé camt.054 ou camt.053 tel que la banque le fournit.',
  tooLarge: BANK_FILE_TOO_LARGE,
};
const listSchemas = { query: paymentListQuerySchema };
const updateSchemas = { params: paymentParamsSchema, body: paymentUpdateSchema };
const revenueSchemas = { query: funnelQuerySchema };

const XML_TYPES = new Set(['application/xml', 'text/xml']);

/** Browsers name an .xml file's type after the system's own table: unknown ones come as application/octet-stream. */
function isXmlUpload({ mimeType, filename }: { mimeType: string; filename: string | null }): boolean {
  if (XML_TYPES.has(mimeType.toLowerCase())) return true;
  return mimeType.toLowerCase() === 'application/octet-stream' && /\.xml$/i.test(filename ?? '');
}

async function bankFileBytes(ctx: Context): Promise<Buffer> {
  if (ctx.state.bodyFormat === 'multipart') {
    const { bytes } = await readMultipartFile(ctx, { limitBytes: BANK_FILE_LIMIT_BYTES, accepts: isXmlUpload, messages: UPLOAD_MESSAGES });
    if (bytes.length === 0) throw new HttpError(400, BANK_FILE_EMPTY);
    return bytes;
  }
  if (ctx.state.bodyFormat === 'none' && ctx.is('application/xml', 'text/xml')) throw new HttpError(400, BANK_FILE_EMPTY);
  if (ctx.state.bodyFormat !== 'xml') throw new HttpError(415, BANK_FILE_EXPECTED);
  const bytes = await readRawBody(ctx, BANK_FILE_LIMIT_BYTES, BANK_FILE_TOO_LARGE);
  if (bytes.length === 0) throw new HttpError(400, BANK_FILE_EMPTY);
  return bytes;
}

export function adminPaymentsRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.post('/bank-files', requireAdmin, validate({}, { allowXml: true, allowMultipart: true }), async (ctx) => {
    const bytes = await bankFileBytes(ctx);
    let result;
    try {
      result = await importBankFile(ctx.knex, bytes, { userId: ctx.state.user?.id ?? null });
    } catch (error) {
      if (error instanceof CamtError) throw new HttpError(400, error.message);
      throw error;
    }
    const { fileId, entries, transactions, matched, partial, unmatched, ignored, reversals, duplicates } = result;
    await auditRequest(ctx, 'bank_file_imported', { details: { fileId, entries, transactions, matched, partial, unmatched, ignored, reversals, duplicates } });
    ctx.body = presentBankFileImport(result);
  });

  router.get('/payments', requireAdmin, validate(listSchemas), async (ctx) => {
    const { query } = input(ctx, listSchemas);
    ctx.body = presentPaymentPage(await listPayments(ctx.knex, query), query);
  });

  router.patch('/payments/:id', requireAdmin, validate(updateSchemas), async (ctx) => {
    const { params, body } = input(ctx, updateSchemas);
    await assignPayment(ctx.knex, params.id, body, ctx.state.user?.id ?? null);
    await auditRequest(ctx, 'payment_assigned', { details: { paymentId: params.id, invoiceId: (await paymentRow(ctx.knex, params.id))?.invoiceId ?? null, ignored: body.status === 'ignored' } });
    ctx.body = presentPayment((await paymentRow(ctx.knex, params.id))!);
  });

  router.get('/analytics/revenue', requireAdmin, validate(revenueSchemas), async (ctx) => {
    const { query } = input(ctx, revenueSchemas);
    ctx.body = presentRevenue(await revenue(ctx.knex, query.period, query));
  });

  router.get('/stats/billing', requireAdmin, async (ctx) => {
    ctx.body = presentBillingDashboard(await billingDashboard(ctx.knex));
  });

  return router;
}
