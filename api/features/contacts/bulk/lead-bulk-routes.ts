/** `{base}/leads/import` and `{base}/leads/bulk`: contacts in bulk (decisions 075 to 077). */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { apiRouter } from '../../../platform/http/router.ts';
import { leadBulkSchema, leadImportQuerySchema, type LeadBulk, presentLeadBulk, presentLeadImport } from '../contract/index.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { requireAdmin } from '../../../platform/http/auth.ts';
import { requireRecentFactorWhen } from '../../../platform/http/reauth.ts';
import { readRawBody } from '../../../platform/http/body.ts';
import { HttpError } from '../../../platform/errors.ts';
import { importLeads } from './lead-import.ts';
import { addTagToLeads, deleteSelectedLeads, removeTagFromLeads, setLeadsStatus } from './lead-bulk.ts';
import { selectedLeadsCsv } from './lead-selection-csv.ts';
import { auditRequest, recordAuditEvents } from '../../../platform/audit.ts';
import { ipPrefix } from '../../../platform/lib/client-ip.ts';
import { recordAccess } from '../../../platform/access-log.ts';

/** One import request: 10,000 rows of a wide address book stay well below this. */
export const IMPORT_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

const importSchemas = { query: leadImportQuerySchema };
const bulkSchemas = { body: leadBulkSchema };

async function csvBody(ctx: Context): Promise<Buffer> {
  if (ctx.state.bodyFormat === 'none' && ctx.is('text/csv')) throw new HttpError(400, 'Le fichier est vide.');
  if (ctx.state.bodyFormat !== 'csv') throw new HttpError(415, 'Le fichier doit être envoyé au format CSV (Content-Type: text/csv).');
  const bytes = await readRawBody(ctx, IMPORT_BODY_LIMIT_BYTES, 'Le fichier est trop volumineux (8 Mo au maximum par envoi) : découpez-le.');
  if (bytes.length === 0) throw new HttpError(400, 'Le fichier est vide.');
  return bytes;
}

/** Each action on the selection, answering how many contacts it changed. */
async function applyBulk(ctx: Context, body: Exclude<LeadBulk, { action: 'export' }>): Promise<number> {
  if (body.action === 'add_tag') return addTagToLeads(ctx.knex, body.ids, body.value);
  if (body.action === 'remove_tag') return removeTagFromLeads(ctx.knex, body.ids, body.value);
  if (body.action === 'set_status') return setLeadsStatus(ctx.knex, body.ids, body.value);
  const deleted = await deleteSelectedLeads(ctx.knex, body.ids);
  // As a single delete records it, each deleted contact has its own `lead_deleted` event.
  const userId = ctx.state.user?.id ?? null;
  await recordAuditEvents(
    ctx.knex,
    deleted.map((leadId) => ({ type: 'lead_deleted', userId, ipPrefix: ipPrefix(ctx.ip), details: { leadId } })),
  );
  return deleted.length;
}

/**
 * Deleting a selection cannot be undone, and exporting one hands its e-mails out as the list's CSV does:
 * both need a recent proof (docs/decisions/145-re-authentication.md). Tags and statuses stay ungated.
 */
function irreversibleBulk(ctx: Context): boolean {
  const { action } = input(ctx, bulkSchemas).body;
  return action === 'delete' || action === 'export';
}

export function adminLeadBulkRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.post('/leads/import', requireAdmin, validate(importSchemas, { allowCsv: true }), async (ctx) => {
    const { query } = input(ctx, importSchemas);
    const result = await importLeads(ctx.knex, await csvBody(ctx), query);
    if (!query.dryRun) {
      const { rows, created, completed, skipped, invalid } = result;
      await auditRequest(ctx, 'leads_imported', { details: { rows, created, completed, skipped, invalid, firstRow: query.firstRow } });
    }
    ctx.body = presentLeadImport(result);
  });

  router.post('/leads/bulk', requireAdmin, validate(bulkSchemas), requireRecentFactorWhen(irreversibleBulk), async (ctx) => {
    const { body } = input(ctx, bulkSchemas);
    if (body.action === 'export') {
      const { csv, count } = await selectedLeadsCsv(ctx.knex, body.ids);
      await auditRequest(ctx, 'leads_bulk_updated', { details: { action: 'export', selected: body.ids.length, changed: count } });
      await recordAccess(ctx, { action: 'contacts_exported', contactIds: body.ids, contactCount: count, details: { selection: true, format: 'csv' } });
      ctx.set('Content-Disposition', 'attachment; filename="contacts-selection.csv"');
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = csv;
      return;
    }
    const changed = await applyBulk(ctx, body);
    await auditRequest(ctx, 'leads_bulk_updated', { details: { action: body.action, selected: body.ids.length, changed } });
    // Which action on which contacts (ids only; a tag's or status's value is not personal; decision 147).
    await recordAccess(ctx, { action: 'bulk_action', contactIds: body.ids, contactCount: changed, details: { bulkAction: body.action, value: body.action === 'delete' ? null : body.value } });
    ctx.body = presentLeadBulk(body.action, body.ids.length, changed);
  });

  return router;
}
